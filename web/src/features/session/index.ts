export { FormField } from './auth-form';
export { LoginPage } from './login-page';
export { LogoutButton } from './logout-button';
export { SignupPage } from './signup-page';
