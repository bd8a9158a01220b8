const DEFAULT_AVATAR = '/avatar.png';

export const avatarOf = (profilePic: string | null | undefined) => profilePic || DEFAULT_AVATAR;
