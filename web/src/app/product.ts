/** Product name (a brand, not translated) used as the default page title. */
export const PRODUCT_NAME = 'Notisphere';
