import { Type, type Static } from 'typebox';
import { uuidSchema } from './ids.js';

/** Who may call me: everyone, the people I have a conversation with, or nobody. */
export const CallsFromSchema = Type.Union([Type.Literal('everyone'), Type.Literal('contacts'), Type.Literal('nobody')], {
  errorMessage: 'callsFrom must be everyone, contacts or nobody',
});
export type CallsFrom = Static<typeof CallsFromSchema>;

/** What a user lets others see of them and do to them; all open by default. */
export const PrivacySettingsSchema = Type.Object({
  /** Off: my reads are not reported, and I see no one's (as WhatsApp). */
  sendReadReceipts: Type.Boolean(),
  /** Off: nobody sees when I was last online. */
  showLastSeen: Type.Boolean(),
  /** Who may call me ("Settings → Calls"); absent in events from before calls: everyone. */
  callsFrom: Type.Optional(CallsFromSchema),
});
export type PrivacySettings = Static<typeof PrivacySettingsSchema>;
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { sendReadReceipts: true, showLastSeen: true, callsFrom: 'everyone' };

/** `PUT /api/auth/settings`: the settings to change; the others stay. */
export const UpdateSettingsBodySchema = Type.Object(
  {
    sendReadReceipts: Type.Optional(Type.Boolean({ errorMessage: 'sendReadReceipts must be true or false' })),
    showLastSeen: Type.Optional(Type.Boolean({ errorMessage: 'showLastSeen must be true or false' })),
    callsFrom: Type.Optional(CallsFromSchema),
  },
  { errorMessage: { type: 'Request body must be a JSON object' } },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBodySchema>;

/** The signed-in user, as `/api/auth/*` answers it. */
export const AuthUserSchema = Type.Object({
  _id: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  profilePic: Type.String(),
  createdAt: Type.String(),
  settings: PrivacySettingsSchema,
  /** A line about me, as WhatsApp's "About" or Telegram's bio; `""` when unset. */
  about: Type.String(),
});
export type AuthUser = Static<typeof AuthUserSchema>;

/** Another user as a contact: no email. */
export const ContactSchema = Type.Object({
  _id: Type.String(),
  fullName: Type.String(),
  profilePic: Type.String(),
});
export type Contact = Static<typeof ContactSchema>;

/** `contactChanged`, and `contacts.changed` on the bus: a new contact, a contact's new name or picture, or their account deleted. */
export const ContactChangedSchema = Type.Object({
  _id: uuidSchema(),
  fullName: Type.String(),
  profilePic: Type.String(),
  /** They deleted their account: shown as "Deleted user" from now on, and their conversation closed. */
  accountDeleted: Type.Optional(Type.Literal(true)),
});
export type ContactChanged = Static<typeof ContactChangedSchema>;

/** `GET /api/messages/contact/:id`: a contact as their contact info shows them, with their "About". */
export const ContactCardSchema = Type.Object({
  _id: Type.String(),
  fullName: Type.String(),
  profilePic: Type.String(),
  about: Type.String(),
});
export type ContactCard = Static<typeof ContactCardSchema>;

/** Every error answer, and the logout's. */
export const MessageBodySchema = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBodySchema>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** As WhatsApp's "About": one short line. */
export const ABOUT_MAX = 140;

/** What the accounts service tells a person in words (the web app shows each in the reader's language). */
export const ACCOUNT_MESSAGES = {
  /** An unknown email and a wrong password alike: which of the two is not said. */
  invalidCredentials: 'Invalid credentials',
  loggedOut: 'Logged out successfully',
  emailTaken: 'An account with this email already exists',
  incorrectPassword: 'Incorrect password',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed',
  accountDeleted: 'Your account has been deleted',
  loggedOutEverywhere: 'Logged out of all devices',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  photoTooOften: 'You are changing your photo too often. Please try again in a minute.',
  noSetting: 'Name a setting to change: sendReadReceipts, showLastSeen or callsFrom',
  /** A name, email or password left out, or blank (only spaces, say). */
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

const requiredString = (message: string) => Type.String({ errorMessage: { type: message } });

/**
 * A text whose length is bounded where it enters, before anything (a rate limit's key, a hash)
 * spends memory or time on it; the rules of what it may be are checked after.
 */
const boundedString = (message: string, maxLength: number, tooLong: string) =>
  Type.String({ maxLength, errorMessage: { type: message, maxLength: tooLong } });
const emailSchema = () => boundedString('Email must be text', EMAIL_MAX, 'Invalid email format');
const passwordSchema = (name = 'Password') =>
  boundedString(`${name} must be text`, PASSWORD_MAX, `${name} must be at most ${PASSWORD_MAX} characters`);

export const SignupBodySchema = Type.Object(
  {
    fullName: boundedString('Full name must be text', FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
    email: emailSchema(),
    password: passwordSchema(),
  },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: {
        fullName: ACCOUNT_MESSAGES.fullNameRequired,
        email: ACCOUNT_MESSAGES.emailRequired,
        password: ACCOUNT_MESSAGES.passwordRequired,
      },
    },
  },
);
export type SignupBody = Static<typeof SignupBodySchema>;

export const LoginBodySchema = Type.Object(
  {
    email: emailSchema(),
    password: passwordSchema(),
  },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { email: ACCOUNT_MESSAGES.emailRequired, password: ACCOUNT_MESSAGES.passwordRequired },
    },
  },
);
export type LoginBody = Static<typeof LoginBodySchema>;

export const UpdateProfileBodySchema = Type.Object(
  { profilePic: requiredString('Profile picture must be a data URL') },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { profilePic: 'Profile picture is required' },
    },
  },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBodySchema>;

/** `PUT /api/auth/about`: my "About" line; `""` clears it. */
export const UpdateAboutBodySchema = Type.Object(
  { about: requiredString('About must be text') },
  { errorMessage: { type: 'Request body must be a JSON object', required: { about: 'About is required' } } },
);
export type UpdateAboutBody = Static<typeof UpdateAboutBodySchema>;

/** `POST /api/auth/delete-account`: the password again, as the one check that it is really me. */
export const DeleteAccountBodySchema = Type.Object(
  { password: passwordSchema() },
  { errorMessage: { type: 'Request body must be a JSON object', required: { password: ACCOUNT_MESSAGES.passwordRequired } } },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;

/** `POST /api/auth/change-password`: the password in use, as for deleting the account, and the new one. */
export const ChangePasswordBodySchema = Type.Object(
  { currentPassword: passwordSchema('Current password'), newPassword: passwordSchema('New password') },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { currentPassword: 'Current password is required', newPassword: 'New password is required' },
    },
  },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

/** How a contact who deleted their account is named in the conversations that stay. */
export const DELETED_USER_NAME = 'Deleted user';

/** An "About" as it is stored (one line, its spaces collapsed, trimmed), or the rule it breaks. */
export function checkAbout(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const about = input.replace(/\s+/g, ' ').trim();
  if ([...about].length > ABOUT_MAX) return { ok: false, message: `About must be at most ${ABOUT_MAX} characters` };
  return { ok: true, value: about };
}

/**
 * The signup rules in the order the product checks them, for the form and the server alike: the
 * input as it is stored (name trimmed, email trimmed and lower-cased), or the first rule it breaks
 * and the field that breaks it.
 */
export function checkSignup(input: SignupBody): { ok: true; value: SignupBody } | { ok: false; message: string; field: keyof SignupBody } {
  const fullName = input.fullName.trim();
  const email = input.email.trim().toLowerCase();
  const { password } = input;
  const fail = (field: keyof SignupBody, message: string) => ({ ok: false as const, message, field });
  if (!fullName) return fail('fullName', ACCOUNT_MESSAGES.fullNameRequired);
  if (fullName.length > FULL_NAME_MAX) return fail('fullName', `Full name must be at most ${FULL_NAME_MAX} characters`);
  if (!email) return fail('email', ACCOUNT_MESSAGES.emailRequired);
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return fail('email', 'Invalid email format');
  const passwordProblem = checkPassword(password);
  if (passwordProblem) return fail('password', passwordProblem);
  return { ok: true, value: { fullName, email, password } };
}

/** The password rules, for signup and a change of password alike: the first one broken, or nothing. */
export function checkPassword(password: string, name = 'Password'): string | undefined {
  if (!password) return `${name} is required`;
  if (password.length < PASSWORD_MIN) return `${name} must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `${name} must be at most ${PASSWORD_MAX} characters`;
  return undefined;
}
