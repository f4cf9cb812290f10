// How an account is shown in the header menu: e-mail → first 2 characters + "***" + "@domain";
// phone → first 3 + "****" + last 4. Anything shorter is masked entirely.
export function maskAccount(account: string): string {
  const a = account.trim();
  const at = a.lastIndexOf('@');
  if (at > 0) return `${a.slice(0, Math.min(2, at))}***${a.slice(at)}`;
  if (a.length >= 8) return `${a.slice(0, 3)}****${a.slice(-4)}`;
  return a.length <= 2 ? '***' : `${a.slice(0, 1)}***`;
}
