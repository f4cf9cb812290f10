// A wallet/list reply as the wire carries it (spec §2): one USDT row in the spot account.

/** One balance row; `extra` overrides or adds fields (decimals, balances). */
export function walletRowWire(extra: Record<string, unknown> = {}) {
  return {
    currency: 1,
    currency_name: 'USDT',
    currency_type: 'erc20',
    is_legal: 1,
    is_lever: 1,
    is_match: 1,
    is_micro: 1,
    usdt_price: '1',
    cny_price: '7.2',
    change_balance: '15999.999999999',
    lock_change_balance: '0',
    ...extra,
  };
}

/** The list with that one row in the spot (change) account. */
export function walletListWire(extra: Record<string, unknown> = {}, usdtTotal = '0') {
  return {
    change_wallet: { balance: [walletRowWire(extra)], totle: '0', usdt_totle: usdtTotal, CNY: '0' },
    ExRate: '7.2',
    is_open_CTbi: 1,
  };
}
