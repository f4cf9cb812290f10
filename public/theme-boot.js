// Apply the stored day/night mode before the first paint (no flash). Same rule as
// src/ui/theme.ts: '0' is day, anything else (or nothing) is night. A file, not an inline
// script: the Content-Security-Policy allows no inline script (server/http/security-headers.ts).
try {
  const mode = window.localStorage.getItem('night_mode');
  document.documentElement.setAttribute('data-theme', mode === '0' ? 'day' : 'night');
} catch {
  document.documentElement.setAttribute('data-theme', 'night');
}
