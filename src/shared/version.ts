// The app's version as recorded in exported logs (kept equal to package.json by a unit test).
export const APP_VERSION = '0.1.0';
