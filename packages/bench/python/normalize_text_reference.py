"""The TCT text normalization of the Python reference implementation, as a batch tool.

Written from the description of the reference's `normalize_minimal` in the project's research
notes (tct-implementations.md, section 3.1), not copied from it. It has the interface of
`agent-ready normalize text --jsonl`, so the two can be timed on the same input and their
outputs compared byte for byte: one JSON string per input line; one line
{"normalized": ..., "fingerprint": "sha256-..."} per input line out, in the same JSON form
JavaScript's JSON.stringify gives. Standard library only.

Where it differs from our TypeScript normalizeText (the benchmark corpus avoids all three):
- `.strip()` also trims U+1680, U+2028 and U+2029 at the ends; ours trims only U+0020.
- `html.unescape` drops numeric references to noncharacters (`&#xFFFF;`, `&#xFDD0;`);
  WHATWG decoding, ours, keeps them.
- `unicodedata` is the Unicode version of the Python that runs it (3.11: 14.0), not Node's.
"""

import hashlib
import html
import io
import json
import re
import sys
import unicodedata

# The only controls the pipeline keeps: the spaces the next step collapses.
KEPT_CONTROLS = {'\t', '\n', '\r'}
SPACE_RUN = re.compile(r'[ \t\n\r]+')


def normalize_minimal(text):
    """The reference pipeline, step by step, exactly as the notes describe it."""
    text = html.unescape(text)
    text = unicodedata.normalize('NFKC', text)
    text = text.casefold()
    text = ''.join(
        ch for ch in text if unicodedata.category(ch) != 'Cc' or ch in KEPT_CONTROLS
    )
    text = SPACE_RUN.sub(' ', text)
    return text.strip()


def result_for(line):
    try:
        value = json.loads(line)
    except ValueError as error:
        return {'error': str(error)}
    if not isinstance(value, str):
        return {'error': 'expected a JSON string'}
    normalized = normalize_minimal(value)
    digest = hashlib.sha256(normalized.encode('utf-8')).hexdigest()
    return {'normalized': normalized, 'fingerprint': 'sha256-' + digest}


def main():
    # UTF-8 whatever the locale says; newline='' keeps a lone CR inside a line as it is.
    lines = io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline='')
    out = io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8', newline='\n')
    for line in lines:
        if line.strip() == '':
            continue
        # ensure_ascii=False and compact separators: the bytes JSON.stringify writes.
        out.write(json.dumps(result_for(line), ensure_ascii=False, separators=(',', ':')))
        out.write('\n')
    out.flush()


if __name__ == '__main__':
    main()
