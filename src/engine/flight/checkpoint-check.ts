// A checkpoint read back must be the state the fold has (the flight recorder, issue 47): the
// checkpoint's document, cloned as IndexedDB stores it and decoded as a restore reads it, is
// written again and compared, projection by projection, with the document the fold's state
// gave. A field the codec does not carry, a value the browser cannot store, a side that does not
// rebuild: the next page load would start from another state than this one had.
import { decodeState, encodeState, PROJECTIONS } from '../replay/codec.ts';
import type { StateDoc } from '../replay/codec.ts';
import { canonicalJson } from '../replay/hash.ts';

/** What disagrees, said in a line (null: the checkpoint reads back as the fold's state). */
export function checkpointDisagrees(
  doc: StateDoc,
  clone: (doc: StateDoc) => StateDoc = structuredClone,
): string | null {
  let again: StateDoc;
  try {
    again = encodeState(decodeState(clone(doc)));
  } catch (error) {
    return `the checkpoint does not read back: ${error instanceof Error ? error.message : String(error)}`;
  }
  const differ = PROJECTIONS.filter(
    (name) => canonicalJson(again[name]) !== canonicalJson(doc[name]),
  );
  return differ.length === 0 ? null : `read back, ${differ.join(', ')} differ from the fold`;
}
