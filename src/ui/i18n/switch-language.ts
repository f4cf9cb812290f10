// Language change (spec §4): tell the engine (server messages follow the `lang` header), store
// both `locale` and `lang`, and reload so every text and format uses the new language.
import type { Lang } from '../../shared/locales.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { storage } from '../storage.ts';

export async function switchLanguage(lang: Lang): Promise<void> {
  storage.set('locale', lang);
  storage.set('lang', lang);
  // Do not let a stuck engine keep the page in the old language.
  await Promise.race([engine.setLang(lang), new Promise((resolve) => setTimeout(resolve, 1000))]);
  window.location.reload();
}
