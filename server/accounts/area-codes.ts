// Countries of the register form's area-code picker (CountryItem of src/shared/wire.ts).
import type { CountryItem } from '../../src/shared/wire.ts';

const ROWS: ReadonlyArray<readonly [string, string, string]> = [
  ['86', '中国', 'China'],
  ['852', '中国香港', 'Hong Kong (China)'],
  ['853', '中国澳门', 'Macao (China)'],
  ['886', '中国台湾', 'Taiwan (China)'],
  ['1', '美国', 'United States'],
  ['1', '加拿大', 'Canada'],
  ['44', '英国', 'United Kingdom'],
  ['49', '德国', 'Germany'],
  ['33', '法国', 'France'],
  ['34', '西班牙', 'Spain'],
  ['351', '葡萄牙', 'Portugal'],
  ['55', '巴西', 'Brazil'],
  ['7', '俄罗斯', 'Russia'],
  ['81', '日本', 'Japan'],
  ['82', '韩国', 'South Korea'],
  ['65', '新加坡', 'Singapore'],
  ['60', '马来西亚', 'Malaysia'],
  ['66', '泰国', 'Thailand'],
  ['84', '越南', 'Vietnam'],
  ['63', '菲律宾', 'Philippines'],
  ['62', '印度尼西亚', 'Indonesia'],
  ['91', '印度', 'India'],
  ['61', '澳大利亚', 'Australia'],
  ['971', '阿联酋', 'United Arab Emirates'],
  ['52', '墨西哥', 'Mexico'],
];

export const AREA_CODES: readonly CountryItem[] = ROWS.map(([area_code, name_cn, name_en], i) => ({
  country_id: i + 1,
  area_code,
  name_cn,
  name_en,
}));
