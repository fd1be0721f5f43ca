/** Texts of the Premium export and share features, the same on server, web and in tests. */
export const SHARE_PREMIUM_MESSAGE = 'Sharing analyses is a Premium feature. Upgrade to Pro to share a read-only link.';
export const EXPORT_PREMIUM_MESSAGE = 'Export and share are Premium features. Upgrade to Pro to download and share your analyses.';
export const SHARED_NOT_FOUND_MESSAGE = 'This shared analysis does not exist or its link was revoked.';
