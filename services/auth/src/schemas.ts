import { Type } from 'typebox';

export const UserSchema = Type.Object({
  _id: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  profilePic: Type.String(),
  createdAt: Type.String(),
});

const requiredString = (message: string) => Type.String({ errorMessage: { type: message } });

export const SignupBody = Type.Object(
  {
    fullName: requiredString('Full name must be text'),
    email: requiredString('Email must be text'),
    password: requiredString('Password must be text'),
  },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { fullName: 'Full name is required', email: 'Email is required', password: 'Password is required' },
    },
  },
);

export const LoginBody = Type.Object(
  {
    email: requiredString('Email must be text'),
    password: requiredString('Password must be text'),
  },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { email: 'Email is required', password: 'Password is required' },
    },
  },
);

export const UpdateProfileBody = Type.Object(
  { profilePic: requiredString('Profile picture must be a data URL') },
  {
    errorMessage: {
      type: 'Request body must be a JSON object',
      required: { profilePic: 'Profile picture is required' },
    },
  },
);

export const MessageSchema = Type.Object({ message: Type.String() });
