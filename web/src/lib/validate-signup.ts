export interface SignupForm {
  fullName: string;
  email: string;
  password: string;
}

export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_PATTERN = /\S+@\S+\.\S+/;

/** The first rule the form breaks, in the product's order, or null when it may be sent. */
export function signupError(form: SignupForm): string | null {
  if (!form.fullName.trim()) return 'Full name is required';
  if (!form.email.trim()) return 'Email is required';
  if (!EMAIL_PATTERN.test(form.email)) return 'Invalid email format';
  if (!form.password) return 'Password is required';
  if (form.password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  return null;
}
