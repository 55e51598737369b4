/** The support address shown on the About page and in answers that point users to support. */
export const SUPPORT_EMAIL = 'support@caravanserai.local';
