import * as React from 'react';

/** A channel's attribute or sheet name inside a sentence: gpsr_safety_attestation, brand_operators. */
const IDENTIFIER = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;

/**
 * A template's description with the channel's own attribute names marked as code: they are the names the
 * channel's file uses, the same in every UI language, and set apart from the translated words around them.
 */
export function CodedText({ text }: { text: string }) {
  const parts = text.split(IDENTIFIER);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} translate="no" className="text-[0.95em]">
            {part}
          </code>
        ) : (
          <React.Fragment key={i}>{part}</React.Fragment>
        ),
      )}
    </>
  );
}
