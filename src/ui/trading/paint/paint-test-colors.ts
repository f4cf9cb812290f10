// Book colours for the paint tests (book-paint.test.ts, mid-paint.test.ts): names, not values,
// so that a test reads which colour a text was drawn in.
import type { BookColors } from './book-paint.ts';

export const TEST_COLORS: BookColors = {
  up: 'green',
  down: 'red',
  upSoft: 'lightgreen',
  downSoft: 'pink',
  text: 'white',
  muted: 'grey',
  hover: 'hover',
  accent: 'gold',
  accentText: 'darkgoldenrod',
  flash: 'flash',
  font: '12px sans-serif',
  boldFont: '700 12px sans-serif',
};
