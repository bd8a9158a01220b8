import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeyFromUrl } from '@chat/media';
import { jpegWithGps, pngBytes, svgBytes, toDataUrl } from '#test-support';
import { startAuthService } from '../auth-server.js';

let server: Awaited<ReturnType<typeof startAuthService>>;
beforeAll(async () => {
  server = await startAuthService();
});
afterAll(() => server.app.close());

describe('PUT /api/auth/update-profile', () => {
  it('stores the photo without its metadata and answers the updated user', async () => {
    const client = server.client();
    const user = await client.signup('Photo Person');
    const response = await client.put('/api/auth/update-profile', { profilePic: toDataUrl(await jpegWithGps(), 'image/jpeg') });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...user,
      profilePic: expect.stringMatching(new RegExp(`^/api/media/avatars/${user._id}/[0-9a-f-]{36}\\.jpg$`)),
    });
    const stored = await server.blobs.get(mediaKeyFromUrl(response.body.profilePic)!);
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    expect((await client.get('/api/auth/check')).body.profilePic).toBe(response.body.profilePic);
  });

  it('replaces the previous photo and tells the other services', async () => {
    const client = server.client();
    const user = await client.signup('Twice');
    const first = await client.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(), 'image/png') });
    const second = await client.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(4, 4), 'image/png') });
    expect(second.body.profilePic).not.toBe(first.body.profilePic);
    expect(await server.blobs.get(mediaKeyFromUrl(first.body.profilePic)!)).toBeNull();
    expect(server.upserted.at(-1)).toEqual({
      ...server.upserted.at(-1),
      _id: user._id,
      fullName: 'Twice',
      profilePic: second.body.profilePic,
    });
  });

  it('refuses an SVG and keeps the old photo', async () => {
    const client = server.client();
    await client.signup('Svg Sender');
    const response = await client.put('/api/auth/update-profile', { profilePic: toDataUrl(svgBytes(), 'image/png') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Image must be a PNG, JPEG, GIF or WebP file' });
    expect((await client.get('/api/auth/check')).body.profilePic).toBe('');
  });

  it('answers 400 without a profilePic', async () => {
    const client = server.client();
    await client.signup('Empty');
    const response = await client.put('/api/auth/update-profile', {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Profile picture is required' });
  });

  it('answers 413 to a body over the limit', async () => {
    const client = server.client();
    await client.signup('Huge');
    const response = await client.put('/api/auth/update-profile', { profilePic: `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}` });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
  });

  it('answers 401 when signed out', async () => {
    const response = await server.client().put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(), 'image/png') });
    expect(response.status).toBe(401);
  });
});

describe('PUT /api/auth/settings', () => {
  it('changes only the settings named, answers the user, keeps them for the next session and tells the other services', async () => {
    const client = server.client();
    const user = await client.signup('Private Person');
    expect(user.settings).toEqual({ sendReadReceipts: true, showLastSeen: true, callsFrom: 'everyone' });
    const response = await client.put('/api/auth/settings', { showLastSeen: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...user, settings: { sendReadReceipts: true, showLastSeen: false, callsFrom: 'everyone' } });
    const again = await client.put('/api/auth/settings', { sendReadReceipts: false, callsFrom: 'contacts' });
    expect(again.body.settings).toEqual({ sendReadReceipts: false, showLastSeen: false, callsFrom: 'contacts' });
    expect((await client.get('/api/auth/check')).body.settings).toEqual({
      sendReadReceipts: false,
      showLastSeen: false,
      callsFrom: 'contacts',
    });
    expect(server.upserted.at(-1)).toEqual({
      _id: user._id,
      fullName: 'Private Person',
      profilePic: '',
      settings: { sendReadReceipts: false, showLastSeen: false, callsFrom: 'contacts' },
      about: '',
    });
  });

  it.each([
    [{ showLastSeen: 'no' }, 'showLastSeen must be true or false'],
    [{ sendReadReceipts: 1 }, 'sendReadReceipts must be true or false'],
    [{ callsFrom: 'friends' }, 'callsFrom must be everyone, contacts or nobody'],
    [{ theme: 'dark' }, 'Name a setting to change: sendReadReceipts, showLastSeen or callsFrom'],
    [{}, 'Name a setting to change: sendReadReceipts, showLastSeen or callsFrom'],
    [[], 'Request body must be a JSON object'],
  ])('answers 400 to %o with "%s" and changes nothing', async (body, message) => {
    const client = server.client();
    const user = await client.signup('Wrong Settings');
    const response = await client.put('/api/auth/settings', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await client.get('/api/auth/check')).body.settings).toEqual(user.settings);
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().put('/api/auth/settings', { showLastSeen: false })).status).toBe(401);
  });
});

describe('DELETE /api/auth/profile-pic', () => {
  it('brings back the default avatar, deletes the photo and tells the other services', async () => {
    const client = server.client();
    const user = await client.signup('Camera Shy');
    const withPhoto = await client.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(), 'image/png') });
    const response = await client.delete('/api/auth/profile-pic');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...user, profilePic: '' });
    expect(await server.blobs.get(mediaKeyFromUrl(withPhoto.body.profilePic)!)).toBeNull();
    expect((await client.get('/api/auth/check')).body.profilePic).toBe('');
    expect(server.upserted.at(-1)).toMatchObject({ _id: user._id, profilePic: '' });
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().delete('/api/auth/profile-pic')).status).toBe(401);
  });
});

describe('PUT /api/auth/about', () => {
  it('keeps one line about me, trimmed, answers the user with it and tells the other services', async () => {
    const client = server.client();
    const user = await client.signup('Talkative');
    expect(user.about).toBe('');
    const response = await client.put('/api/auth/about', { about: '  Out hiking\n until   Sunday 🏔️ ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...user, about: 'Out hiking until Sunday 🏔️' });
    expect((await client.get('/api/auth/check')).body.about).toBe('Out hiking until Sunday 🏔️');
    expect(server.upserted.at(-1)).toMatchObject({ _id: user._id, about: 'Out hiking until Sunday 🏔️' });
    expect((await client.put('/api/auth/about', { about: '   ' })).body.about).toBe('');
  });

  it('takes 140 characters, emoji counted as one each, and refuses more, keeping the line before', async () => {
    const client = server.client();
    await client.signup('Brief');
    expect((await client.put('/api/auth/about', { about: '🙂'.repeat(140) })).status).toBe(200);
    const tooLong = await client.put('/api/auth/about', { about: 'x'.repeat(141) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'About must be at most 140 characters' });
    expect((await client.put('/api/auth/about', {})).body).toEqual({ message: 'About is required' });
    expect((await client.put('/api/auth/about', { about: 7 })).body).toEqual({ message: 'About must be text' });
    expect((await client.get('/api/auth/check')).body.about).toBe('🙂'.repeat(140));
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().put('/api/auth/about', { about: 'hi' })).status).toBe(401);
  });
});
