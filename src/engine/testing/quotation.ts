// The `quotation_new` reply of one market: USDT with BTC/USDT at `price`, for engine tests
// that need a pair list and nothing more about it; `pair` overrides fields of the pair.
export function btcUsdtQuotation(price: string, pair: Record<string, unknown> = {}) {
  return [
    {
      id: 1,
      name: 'USDT',
      logo: '',
      is_legal: 1,
      is_display: 1,
      quotation: [
        {
          id: 11,
          legal_id: 1,
          currency_id: 2,
          legal_name: 'USDT',
          currency_name: 'BTC',
          logo: '',
          now_price: price,
          change: '+1',
          high: '27100',
          low: '26900',
          volume: '5',
          is_display: 1,
          sort: 1,
          ...pair,
        },
      ],
    },
  ];
}
