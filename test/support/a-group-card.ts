import type { GroupCard } from '@chat/contracts';

/** A group's card as my list shows it: made by me, no description, picture or rules, with the fields a test names. */
export const aGroupCard = (fields: Pick<GroupCard, '_id' | 'name' | 'memberCount'> & Partial<GroupCard>): GroupCard => ({
  description: '',
  picture: '',
  createdBy: 'me',
  createdAt: '2026-11-01T10:00:00.000Z',
  onlyAdminsSend: false,
  onlyAdminsEdit: false,
  ...fields,
});
