import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDuration, type GroupEntry, type Message } from '@chat/contracts';
import { ApiClient, pngBytes, toDataUrl } from '#test-support';
import { announcement, chooseInConversationMenu, conversation, photosIn, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();

// What the web app alone decides looks the same whichever deployment serves it: checked once, on
// the embedded mode. (Edits, deletions, replies, reactions and blocks reach both people across
// replicas in cluster.test.ts; a deleted account crosses services there too.)
describeOnEmbedded((run) => {
  describe('a conversation’s features in the browser', () => {
    it('edits a sent message: both people see the new text marked “edited”', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Edits');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Edits/ }).click();
      await ben.page.getByRole('button', { name: /Alice Edits/ }).click();
      await ann.page.getByPlaceholder('Type a message...').fill('See you at 5');
      await ann.page.keyboard.press('Enter');
      await polled(() => conversation(ben.page).getByText('See you at 5').count(), 'the message on Bob’s screen').toBe(1);

      const mine = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'See you at 5' });
      await mine.hover();
      await mine.getByRole('button', { name: 'Edit message' }).click();
      await polled(() => ann.page.getByText('Editing message').count(), 'the editing bar').toBe(1);
      await run.shot(ann.page, 'message-editing');
      const input = ann.page.getByPlaceholder('Type a message...');
      expect(await input.inputValue()).toBe('See you at 5');
      await input.fill('See you at 6');
      await ann.page.keyboard.press('Enter');
      for (const { page } of [ann, ben]) {
        const edited = conversation(page).getByTestId('chat-message').filter({ hasText: 'See you at 6' });
        await polled(() => edited.getByText('edited', { exact: true }).count(), 'the new text, marked edited').toBe(1);
        expect(await conversation(page).getByText('See you at 5').count()).toBe(0);
      }
      // Typing notices travel straight through the gateway, ahead of the edit: one would show by now.
      expect(await ben.page.getByText('typing…').count(), 'no “typing…” for an edit').toBe(0);
      await polled(() => ann.page.getByText('Editing message').count(), 'the editing bar gone').toBe(0);
      await run.shot(ben.page, 'message-edited');

      // Up in the empty box takes up my latest message again; Escape gives it up.
      await input.press('ArrowUp');
      await polled(() => ann.page.getByText('Editing message').count(), 'the editing bar from the keyboard').toBe(1);
      expect(await input.inputValue()).toBe('See you at 6');
      await input.press('Escape');
      await polled(() => input.inputValue(), 'the box empty again').toBe('');

      const mineEdited = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'See you at 6' });
      await mineEdited.hover();
      await mineEdited.getByRole('button', { name: 'Edit message' }).click();
      await polled(() => input.inputValue(), 'the text to edit again').toBe('See you at 6');
      await ann.page.keyboard.press('Escape');
      await polled(() => ann.page.getByText('Editing message').count(), 'editing given up with Escape').toBe(0);
      expect(await input.inputValue()).toBe('');

      await ann.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await mineEdited.hover();
      await mineEdited.getByRole('button', { name: 'Copy text' }).click();
      await polled(() => announcement(ann.page, 'Copied').count(), 'the copy toast').toBe(1);
      expect(await ann.page.evaluate(() => navigator.clipboard.readText())).toBe('See you at 6');
    });

    it('deletes a message for everyone: both see “This message was deleted”, and its image is gone', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Deletes');
      const sent = await alice.post(`/api/messages/send/${bobUser._id}`, {
        text: 'wrong chat',
        image: toDataUrl(await pngBytes(80, 60), 'image/png'),
      });
      expect(sent.status).toBe(201);
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Deletes/ }).click();
      await ben.page.getByRole('button', { name: /Alice Deletes/ }).click();
      await polled(() => conversation(ben.page).getByText('wrong chat').count(), 'the message on Bob’s screen').toBe(1);

      const mine = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'wrong chat' });
      await mine.hover();
      await mine.getByRole('button', { name: 'Delete message' }).click();
      const confirm = ann.page.getByRole('dialog', { name: 'Delete message?' });
      await polled(() => confirm.isVisible(), 'the confirmation').toBe(true);
      await run.shot(ann.page, 'message-delete-confirm');
      await confirm.getByRole('button', { name: 'Delete for everyone' }).click();
      for (const { page } of [ann, ben]) {
        await polled(() => conversation(page).getByText('This message was deleted').count(), 'the tombstone').toBe(1);
        expect(await conversation(page).getByText('wrong chat').count()).toBe(0);
        expect(await photosIn(page).count()).toBe(0);
      }
      await polled(() => ben.page.getByRole('button', { name: /Alice Deletes/ }).textContent(), 'the row’s preview').toContain(
        'This message was deleted',
      );
      await run.shot(ben.page, 'message-deleted');
      expect((await bob.get((sent.body as { image: string }).image)).status, 'the image’s URL').toBe(404);
    });

    it('deletes a received message for me and clears a chat: gone from both my tabs, kept by the other person', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Tidies');
      for (const text of ['keep this one', 'remove this one'])
        expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text })).status).toBe(201);
      const [ben, benElsewhere, ann] = [
        await signedInPage(browser(), run.baseUrl, bob.cookie),
        await signedInPage(browser(), run.baseUrl, bob.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      for (const { page } of [ben, benElsewhere]) {
        await page.goto('/');
        await page.getByRole('button', { name: /Alice Tidies/ }).click();
        await polled(() => conversation(page).getByText('remove this one').count(), 'the message on Bob’s screen').toBe(1);
      }

      const theirs = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'remove this one' });
      await theirs.hover();
      await theirs.getByRole('button', { name: 'Delete message' }).click();
      const confirm = ben.page.getByRole('dialog', { name: 'Delete message?' });
      await polled(() => confirm.isVisible(), 'the confirmation').toBe(true);
      expect(await confirm.getByRole('button', { name: 'Delete for everyone' }).count(), 'not Bob’s to delete for everyone').toBe(0);
      await run.shot(ben.page, 'message-delete-for-me-confirm');
      await confirm.getByRole('button', { name: 'Delete for me' }).click();
      for (const { page } of [ben, benElsewhere]) {
        await polled(() => conversation(page).getByText('remove this one').count(), 'gone from each of Bob’s tabs').toBe(0);
        await polled(() => page.getByRole('button', { name: /Alice Tidies/ }).textContent(), 'the row shows the one before').toContain(
          'keep this one',
        );
        expect(await conversation(page).getByText('This message was deleted').count(), 'no tombstone: gone').toBe(0);
      }
      await ann.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Tidies/ }).click();
      await polled(() => conversation(ann.page).getByText('remove this one').count(), 'Alice keeps it').toBe(1);

      await chooseInConversationMenu(ben.page, 'Clear chat');
      const clear = ben.page.getByRole('dialog', { name: 'Clear this chat?' });
      await polled(() => clear.isVisible(), 'the clear confirmation').toBe(true);
      await run.shot(ben.page, 'clear-chat-confirm');
      await clear.getByRole('button', { name: 'Clear chat' }).click();
      for (const { page } of [ben, benElsewhere]) {
        await polled(() => conversation(page).getByTestId('chat-message').count(), 'the chat empty on each of Bob’s tabs').toBe(0);
        await polled(() => page.getByRole('button', { name: /Alice Tidies/ }).textContent(), 'the row without a preview').not.toContain(
          'keep this one',
        );
      }
      await run.shot(ben.page, 'chat-cleared');
      await ann.page.reload();
      await ann.page.getByRole('button', { name: /Bob Tidies/ }).click();
      await polled(() => conversation(ann.page).getByTestId('chat-message').count(), 'Alice keeps both').toBe(2);

      expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'after the clear' })).status).toBe(201);
      await polled(() => conversation(ben.page).getByTestId('chat-message').count(), 'what comes next shows').toBe(1);
      expect(await conversation(ben.page).getByText('after the clear').count()).toBe(1);
    });

    it('clears a group for me: empty on both my tabs, its row stays; the members keep every message', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Sweeps');
      const club = (await alice.post('/api/messages/groups', { name: 'Sweeping club', memberIds: [bobUser._id] })).body as { _id: string };
      for (const text of ['first sweep', 'second sweep'])
        expect((await bob.post(`/api/messages/groups/${club._id}/send`, { text })).status).toBe(201);
      const tabs = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, alice.cookie)];
      for (const { page } of tabs) {
        await page.goto(`/chat/${club._id}`);
        await polled(() => conversation(page).getByText('second sweep').count(), 'Bob’s message in the group').toBe(1);
      }
      const [ann, annElsewhere] = tabs.map(({ page }) => page) as [Page, Page];
      await chooseInConversationMenu(ann, 'Clear chat');
      const clear = ann.getByRole('dialog', { name: 'Clear this chat?' });
      await polled(() => clear.textContent(), 'the confirmation, for a group').toContain('Its members keep every message.');
      await clear.getByRole('button', { name: 'Clear chat' }).click();
      for (const page of [ann, annElsewhere]) {
        await polled(() => conversation(page).getByTestId('chat-message').count(), 'the group empty on each of her tabs').toBe(0);
        expect(await conversation(page).getByTestId('system-line').count(), 'its lines too').toBe(0);
        const row = page.getByTestId('group-row').filter({ hasText: 'Sweeping club' });
        await polled(() => row.getByTestId('last-message').count(), 'the row stays, without a preview').toBe(0);
      }
      const bobs = (await bob.get(`/api/messages/groups/${club._id}/messages`)).body as Message[];
      expect(bobs.map((message) => message.text).filter(Boolean), 'Bob keeps both').toEqual(['first sweep', 'second sweep']);
      expect((await bob.post(`/api/messages/groups/${club._id}/send`, { text: 'after the sweep' })).status).toBe(201);
      await polled(() => conversation(ann).getByTestId('chat-message').count(), 'what comes next shows').toBe(1);
    });

    it('makes a group with a picture and a description: both in its info, for each member', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Pictures');
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: 'New group' }).click();
      const dialog = page.getByRole('dialog', { name: 'New group' });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        dialog.getByRole('button', { name: 'Add group picture' }).click(),
      ]);
      await chooser.setFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: await pngBytes(120, 120) });
      await dialog.getByLabel('Group name').fill('Ridge walkers');
      await polled(() => dialog.getByRole('img', { name: 'Ridge walkers' }).getAttribute('src'), 'the picture as it will be').toMatch(
        /^data:image\//,
      );
      await dialog.getByLabel('Description').fill('Saturdays on the ridge, rain or shine');
      await dialog.getByPlaceholder('Search people').fill('Pictures');
      await dialog.getByRole('checkbox', { name: 'Bob Pictures' }).check();
      await run.shot(page, 'new-group-dialog');
      await dialog.getByRole('button', { name: 'Create group' }).click();
      await polled(() => conversation(page).getByTestId('system-line').last().textContent(), 'the picture’s line').toBe(
        'You changed the group’s picture',
      );
      const groups = async () => (await bob.get('/api/messages/groups')).body as GroupEntry[];
      await polled(async () => (await groups()).map((entry) => entry.group.name), 'the group in Bob’s list').toEqual(['Ridge walkers']);
      const [{ group }] = (await groups()) as [GroupEntry];
      expect(group.description).toBe('Saturdays on the ridge, rain or shine');
      expect(group.picture, 'stored, not the data URL').toMatch(/^\/api\/media\//);
      await page.getByRole('button', { name: 'Group info' }).click();
      const info = page.getByRole('complementary', { name: 'Group info' });
      await polled(() => info.textContent(), 'the description in its info').toContain('Saturdays on the ridge, rain or shine');
    });

    it('shows the contact info: their photos, documents and links, each opening the chat at its message', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Shares');
      expect(
        (
          await alice.post(`/api/messages/send/${bobUser._id}`, {
            text: 'the view',
            image: toDataUrl(await pngBytes(120, 90), 'image/png'),
          })
        ).status,
      ).toBe(201);
      expect((await alice.sendFile(bobUser._id, { name: 'menu.pdf', bytes: new TextEncoder().encode('%PDF-1.7') })).status).toBe(201);
      expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'book at example.com/tables tonight' })).status).toBe(201);
      for (let n = 0; n < 30; n++)
        expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text: `filler ${n}` })).status).toBe(201);
      const { page } = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Alice Shares/ }).click();
      await polled(() => conversation(page).getByText('filler 29').count(), 'the conversation').toBe(1);
      await page.getByRole('heading', { name: 'Alice Shares' }).click();

      const info = page.getByRole('complementary', { name: 'Contact info' });
      const shown = info.getByRole('tabpanel');
      await polled(() => shown.getByRole('button', { name: /Photo from Alice Shares/ }).count(), 'the photo under Media').toBe(1);
      await run.shot(page, 'contact-info-media');
      await info.getByRole('tab', { name: 'Docs' }).click();
      await polled(() => shown.getByRole('link', { name: 'Download menu.pdf' }).count(), 'the document under Docs').toBe(1);
      await info.getByRole('tab', { name: 'Links' }).click();
      await polled(() => shown.getByRole('link', { name: 'https://example.com/tables' }).count(), 'the link under Links').toBe(1);
      expect(await shown.getByRole('link', { name: 'https://example.com/tables' }).getAttribute('rel')).toBe(
        'noopener noreferrer nofollow',
      );
      await run.shot(page, 'contact-info-links');

      await shown.getByRole('button', { name: 'Show in chat' }).click();
      await polled(() => info.count(), 'the contact info closed').toBe(0);
      const linked = conversation(page).getByTestId('chat-message').filter({ hasText: 'book at example.com/tables tonight' });
      await polled(() => linked.isVisible(), 'the message with the link in sight').toBe(true);
    });

    it('selects messages to star, forward and delete together', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Selects');
      const carl = new ApiClient(run.baseUrl);
      const carlUser = await carl.signup('Carl Selects');
      await bob.waitForContact(carlUser._id);
      for (const text of ['first of three', 'second of three', 'third of three']) {
        expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text })).status).toBe(201);
      }
      const { page } = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Alice Selects/ }).click();
      await polled(() => conversation(page).getByText('third of three').count(), 'the conversation').toBe(1);

      await chooseInConversationMenu(page, 'Select messages');
      const bar = page.getByRole('toolbar', { name: 'Selected messages' });
      await polled(() => bar.textContent(), 'the selection bar').toContain('0 selected');
      const row = (text: string) => conversation(page).getByTestId('chat-message').filter({ hasText: text });
      await row('first of three').click();
      await row('third of three').getByRole('checkbox', { name: 'Select message' }).check();
      await polled(() => bar.textContent(), 'two chosen').toContain('2 selected');
      await run.shot(page, 'messages-selected');

      await bar.getByRole('button', { name: 'Star messages' }).click();
      await polled(() => conversation(page).getByRole('img', { name: 'Starred' }).count(), 'both starred, the selection over').toBe(2);
      expect(await bar.count()).toBe(0);

      await chooseInConversationMenu(page, 'Select messages');
      await row('first of three').click();
      await row('second of three').click();
      await bar.getByRole('button', { name: 'Forward messages' }).click();
      const forward = page.getByRole('dialog', { name: 'Forward 2 messages' });
      await forward.getByRole('checkbox', { name: 'Carl Selects' }).check();
      await forward.getByRole('button', { name: 'Forward', exact: true }).click();
      await polled(async () => {
        const history = (await carl.get(`/api/messages/${bobUser._id}`)).body as Message[];
        return history.map((message) => [message.text, message.forwarded]);
      }, 'Carl’s copies, in order').toEqual([
        ['first of three', true],
        ['second of three', true],
      ]);

      await chooseInConversationMenu(page, 'Select messages');
      await row('second of three').click();
      await row('third of three').click();
      await bar.getByRole('button', { name: 'Delete messages' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete 2 messages?' });
      await polled(() => confirm.isVisible(), 'the confirmation').toBe(true);
      expect(await confirm.getByRole('button', { name: 'Delete for everyone' }).count(), 'not Bob’s to delete for everyone').toBe(0);
      await confirm.getByRole('button', { name: 'Delete for me' }).click();
      await polled(() => conversation(page).getByTestId('chat-message').allTextContents(), 'only the first left').toEqual([
        expect.stringContaining('first of three'),
      ]);
      expect(((await alice.get(`/api/messages/${bobUser._id}`)).body as Message[]).length, 'Alice keeps all three').toBe(3);
    });

    it('forwards a message with its photo to two people and a group: each gets it marked “Forwarded”', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, 'Forwards');
      const [carl, dan] = [new ApiClient(run.baseUrl), new ApiClient(run.baseUrl)];
      const [carlUser, danUser] = [await carl.signup('Carl Forwards'), await dan.signup('Dan Forwards')];
      for (const id of [carlUser._id, danUser._id]) await alice.waitForContact(id);
      const club = (await alice.post('/api/messages/groups', { name: 'Sunset club', memberIds: [danUser._id] })).body as { _id: string };
      const photo = toDataUrl(await pngBytes(120, 90), 'image/png');
      expect((await bob.post(`/api/messages/send/${aliceUser._id}`, { text: 'Look at this sunset', image: photo })).status).toBe(201);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Forwards/ }).click();
      // The sidebar searched for Bob alone: the forward dialog still offers everyone.
      await page.getByLabel('Search contacts').fill('bob forw');
      await polled(() => page.getByRole('button', { name: /Carl Forwards/ }).count(), 'Carl out of the searched sidebar').toBe(0);
      const original = conversation(page).getByTestId('chat-message').filter({ hasText: 'Look at this sunset' });
      await original.hover();
      await original.getByRole('button', { name: 'Forward', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: 'Forward message' });
      await polled(() => dialog.getByRole('checkbox', { name: 'Carl Forwards' }).count(), 'Carl offered').toBe(1);
      expect(await dialog.getByRole('checkbox', { name: 'Bob Forwards' }).count(), 'Bob offered too').toBe(1);
      await dialog.getByRole('checkbox', { name: 'Carl Forwards' }).check();
      // My groups come first, as chats to forward to.
      await dialog.getByRole('checkbox', { name: 'Sunset club' }).check();
      await dialog.getByLabel('Search people to forward to').fill('dan forw');
      await polled(() => dialog.getByRole('checkbox').count(), 'only Dan found').toBe(1);
      await dialog.getByRole('checkbox', { name: 'Dan Forwards' }).check();
      await polled(() => dialog.textContent(), 'three chosen').toContain('3 of up to 5 chosen');
      await run.shot(page, 'forward-dialog');
      await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
      await polled(() => announcement(page, 'Forwarded to 3 chats').count(), 'the toast').toBe(1);
      const inClub = async () => ((await dan.get(`/api/messages/groups/${club._id}/messages`)).body as Message[]).at(-1);
      await polled(async () => (await inClub())?.text, 'the forward in the group').toBe('Look at this sunset');
      expect(await inClub()).toMatchObject({ senderId: aliceUser._id, forwarded: true, image: expect.stringContaining('/api/media/') });

      for (const [client, name] of [
        [carl, 'Carl'],
        [dan, 'Dan'],
      ] as const) {
        const received = async () => ((await client.get(`/api/messages/${aliceUser._id}`)).body as Message[]).at(-1);
        await polled(async () => (await received())?.text, `the forward in ${name}’s history`).toBe('Look at this sunset');
        expect(await received()).toMatchObject({ senderId: aliceUser._id, forwarded: true, image: expect.stringContaining('/api/media/') });
      }
      await page.getByLabel('Search contacts').fill('');
      await page.getByRole('button', { name: /Carl Forwards/ }).click();
      const forwarded = conversation(page).getByTestId('chat-message').filter({ hasText: 'Look at this sunset' });
      await polled(() => forwarded.getByText('Forwarded').count(), 'marked forwarded in my conversation with Carl').toBe(1);
      await polled(() => photosIn(page).count(), 'the photo forwarded').toBe(1);
      await run.shot(page, 'forwarded-message');
      expect(bobUser._id).not.toBe(carlUser._id);
    });

    it('plays a video where it is shown: the other person watches it in the conversation', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Videos');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      for (const [{ page }, peer] of [
        [ann, /Bob Videos/],
        [ben, /Alice Videos/],
      ] as const) {
        await page.goto('/');
        await page.getByRole('button', { name: peer }).click();
      }
      // A real video, as a phone would send one: Chromium records a canvas for a second.
      const video = Buffer.from(
        await ann.page.evaluate(async () => {
          const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 120 });
          const context = canvas.getContext('2d')!;
          const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
          const chunks: Blob[] = [];
          recorder.ondataavailable = (event) => chunks.push(event.data);
          const stopped = new Promise((resolve) => (recorder.onstop = resolve));
          recorder.start();
          for (let frame = 0; frame < 15; frame++) {
            context.fillStyle = `hsl(${frame * 24}, 80%, 50%)`;
            context.fillRect(0, 0, 160, 120);
            await new Promise((resolve) => setTimeout(resolve, 66));
          }
          recorder.stop();
          await stopped;
          return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
        }),
      );
      await ann.page.getByTestId('file-input').setInputFiles({ name: 'sunset.webm', mimeType: 'video/webm', buffer: video });
      await polled(() => ann.page.getByTestId('file-to-send').textContent(), 'the video ready to send').toContain('sunset.webm');
      await ann.page.getByRole('button', { name: 'Send', exact: true }).click();

      const player = conversation(ben.page).getByLabel('Video sunset.webm');
      await polled(() => player.count(), 'the video in Bob’s conversation').toBe(1);
      await polled(
        () => player.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.videoWidth),
        'its first frame’s size read',
      ).toBe(160);
      await polled(() => ben.page.getByRole('button', { name: /Alice Videos/ }).textContent(), 'the video in the row').toContain(
        '🎥 sunset.webm',
      );
      await player.scrollIntoViewIfNeeded();
      await run.shot(ben.page, 'video-received');
      expect(await conversation(ben.page).getByRole('link', { name: 'Download sunset.webm' }).count(), 'a download beside it').toBe(1);

      await ben.page.getByRole('heading', { name: 'Alice Videos' }).click();
      const tile = ben.page
        .getByRole('complementary', { name: 'Contact info' })
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Video from Alice Videos/ });
      await polled(() => tile.count(), 'the video under Media in her contact info').toBe(1);
      await run.shot(ben.page, 'contact-info-video');
    });

    it('sends a document with a caption: the other person sees its name and size, downloads it under its name, and can answer it', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, 'Documents');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      for (const [{ page }, peer] of [
        [ann, /Bob Documents/],
        [ben, /Alice Documents/],
      ] as const) {
        await page.goto('/');
        await page.getByRole('button', { name: peer }).click();
      }
      const report = Buffer.from(`%PDF-1.7\n${'figures '.repeat(400)}\n%%EOF\n`);
      await ann.page.getByTestId('file-input').setInputFiles({ name: 'Q3 report.pdf', mimeType: 'application/pdf', buffer: report });
      await polled(() => ann.page.getByTestId('file-to-send').textContent(), 'the file ready to send').toContain('Q3 report.pdf');
      await ann.page.getByPlaceholder('Type a message...').fill('The figures for Monday');
      await run.shot(ann.page, 'file-attached');
      await ann.page.getByRole('button', { name: 'Send', exact: true }).click();

      const received = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'Q3 report.pdf' });
      await polled(() => received.getByTestId('message-file').textContent(), 'the file in Bob’s conversation').toMatch(
        /Q3 report\.pdf\s*3 KB · PDF/,
      );
      expect(await received.textContent()).toContain('The figures for Monday');
      await polled(() => ben.page.getByRole('button', { name: /Alice Documents/ }).textContent(), 'the caption in the row').toContain(
        'The figures for Monday',
      );
      await run.shot(ben.page, 'file-received');
      const downloading = ben.page.waitForEvent('download');
      await received.getByRole('link', { name: 'Download Q3 report.pdf' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Q3 report.pdf');
      expect(Buffer.compare(await readFile(await download.path()), report), 'the same bytes').toBe(0);

      await received.hover();
      await received.getByRole('button', { name: 'Reply' }).click();
      await polled(() => ben.page.getByTestId('reply-bar').textContent(), 'the file quoted by its name').toContain('📄 Q3 report.pdf');
      await ben.page.getByPlaceholder('Type a message...').fill('Thanks, reading it now');
      await ben.page.getByPlaceholder('Type a message...').press('Enter');
      const answer = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'Thanks, reading it now' });
      await polled(() => answer.textContent(), 'the answer quoting the file, on Alice’s side').toContain('📄 Q3 report.pdf');
      const history = (await alice.get(`/api/messages/${bobUser._id}`)).body as Message[];
      expect(history.find((message) => message.file)).toMatchObject({
        senderId: aliceUser._id,
        file: { name: 'Q3 report.pdf', size: report.length },
      });

      // Several picked at once: asked about, then each goes as a message of its own.
      await ann.page.getByTestId('file-input').setInputFiles([
        { name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. figures\n') },
        { name: 'budget.csv', mimeType: 'text/csv', buffer: Buffer.from('q3,100\n') },
      ]);
      const askSend = ann.page.getByRole('dialog', { name: 'Send 2 files?' });
      await polled(() => askSend.getByRole('list', { name: 'Files to send' }).textContent(), 'the two files named').toMatch(
        /agenda\.txt.*budget\.csv/,
      );
      await run.shot(ann.page, 'send-files-dialog');
      await askSend.getByRole('button', { name: 'Send' }).click();
      const cards = conversation(ben.page).getByTestId('message-file');
      await polled(() => cards.count(), 'both on Bob’s side, each its own message').toBe(3);
      expect(await cards.allTextContents()).toEqual([
        expect.stringContaining('Q3 report.pdf'),
        expect.stringContaining('agenda.txt'),
        expect.stringContaining('budget.csv'),
      ]);
    });

    it('records a voice message: the other person sees how long it lasts and plays it where it is', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Voices');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      for (const [{ page }, peer] of [
        [ann, /Bob Voices/],
        [ben, /Alice Voices/],
      ] as const) {
        await page.goto('/');
        await page.getByRole('button', { name: peer }).click();
      }
      await ann.page.getByRole('button', { name: 'Record voice message' }).click();
      await polled(() => ann.page.getByTestId('recording-time').textContent(), 'two seconds recorded').toMatch(/^0:0[2-9]$/);
      await run.shot(ann.page, 'voice-recording');
      await ann.page.getByRole('button', { name: 'Send voice message' }).click();

      const voice = conversation(ben.page).getByTestId('voice-message');
      await polled(() => voice.count(), 'the voice message on Bob’s side').toBe(1);
      const [stored] = ((await alice.get(`/api/messages/${bobUser._id}`)).body as Message[]).filter((message) => message.file?.voice);
      const { seconds } = stored!.file!.voice!;
      expect(seconds, 'as long as it was recorded').toBeGreaterThanOrEqual(2);
      expect(stored!.file!.name).toBe('Voice message');
      await polled(() => voice.getByTestId('voice-duration').textContent(), 'how long it lasts').toBe(formatDuration(seconds));
      await polled(() => ben.page.getByRole('button', { name: /Alice Voices/ }).textContent(), 'named in the row').toContain(
        `🎤 Voice message (${formatDuration(seconds)})`,
      );
      await voice.getByRole('button', { name: 'Play voice message' }).click();
      await polled(() => voice.getByRole('progressbar').getAttribute('value'), 'it plays').not.toBe('0');
      await run.shot(ben.page, 'voice-received');
      expect((await bob.get(stored!.file!.url)).headers.get('content-type')).toMatch(/^audio\//);
    });

    it('stars a message to find it again: marked on my other device too, listed under “Starred messages”, opened where it was said', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Stars');
      await send(bob, aliceUser._id, 'The door code is 4512');
      for (let n = 1; n <= 3; n++) await send(bob, aliceUser._id, `Chatter ${n}`);
      const [laptop, phone] = [
        await signedInPage(browser(), run.baseUrl, alice.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      for (const { page } of [laptop, phone]) {
        await page.goto('/');
        await page.getByRole('button', { name: /Bob Stars/ }).click();
      }
      const code = (page: Page) => conversation(page).getByTestId('chat-message').filter({ hasText: 'The door code is 4512' });
      await code(laptop.page).hover();
      await code(laptop.page).getByRole('button', { name: 'Star message' }).click();
      for (const { page } of [laptop, phone]) {
        await polled(() => code(page).getByRole('img', { name: 'Starred' }).count(), 'the star on the message, on both devices').toBe(1);
      }
      await run.shot(laptop.page, 'message-starred');
      const bobsView = (await bob.get(`/api/messages/${aliceUser._id}`)).body as Message[];
      expect(
        bobsView.some((message) => message.starred),
        'Bob sees no star of Alice’s',
      ).toBe(false);

      await phone.page.getByRole('button', { name: 'Close chat' }).click();
      await phone.page.getByRole('button', { name: 'Starred messages' }).click();
      const starred = phone.page.getByRole('region', { name: 'Starred messages' }).getByTestId('message-result');
      await polled(() => starred.allTextContents(), 'the starred message listed').toEqual([
        expect.stringContaining('The door code is 4512'),
      ]);
      await run.shot(phone.page, 'starred-messages');
      await starred.first().click();
      await polled(() => code(phone.page).isVisible(), 'the conversation open at the message').toBe(true);

      await code(phone.page).hover();
      await code(phone.page).getByRole('button', { name: 'Unstar message' }).click();
      await polled(() => starred.count(), 'gone from the list').toBe(0);
      await polled(() => code(laptop.page).getByRole('img', { name: 'Starred' }).count(), 'the star gone on the other device').toBe(0);
      expect(await phone.page.getByText('No starred messages').count()).toBe(1);
      await phone.page.getByRole('button', { name: 'Back to chats' }).click();
      await polled(() => phone.page.getByRole('button', { name: /Bob Stars/ }).count(), 'the contacts again').toBe(1);
    });
  });
});
