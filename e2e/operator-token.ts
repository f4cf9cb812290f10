/** The operator API's token for end-to-end runs (playwright.config.ts passes it to the server). */
export const E2E_ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';
