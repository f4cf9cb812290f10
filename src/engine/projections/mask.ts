// How an account is shown in the header menu: e-mail → first 2 characters + "***" + "@domain";
// phone → first 3 + "****" + last 4; 4 to 7 characters → the first + "***"; anything shorter
// is masked entirely. Masking a masked account changes nothing (an exported log masks accounts
// with this function, and replaying it must give what masking the live state gives).
export function maskAccount(account: string): string {
  const a = account.trim();
  const at = a.lastIndexOf('@');
  if (at > 0) {
    // up to 2 characters of the name, never a mask's own stars (so masking twice changes nothing)
    const [shown = ''] = a.slice(0, Math.min(2, at)).split('*');
    return `${shown}***${a.slice(at)}`;
  }
  if (a.length >= 8) return `${a.slice(0, 3)}****${a.slice(-4)}`;
  return a.length <= 3 ? '***' : `${a.slice(0, 1)}***`;
}
