import { closestIndexed, editsToIndexed } from './correct-search-words';

test('a typed word is as far from a stem as from its closest cut', () => {
  // `soldring` less `ing` is one letter from `solder`, the Porter stem of `soldering`.
  expect(editsToIndexed('soldring', 'solder')).toEqual({ edits: 1, cut: 3 });
  expect(editsToIndexed('sourdogh', 'sourdough')).toEqual({ edits: 1, cut: 0 });
  expect(editsToIndexed('kettle', 'kettle')).toEqual({ edits: 0, cut: 0 });
  expect(editsToIndexed('xylophone', 'solder').edits).toBeGreaterThan(2);
});

test('one edit up to seven letters, two beyond; the closest win, at most three', () => {
  expect(closestIndexed('webhok', ['webhook', 'website', 'webinar'])).toEqual(['webhook']);
  // `dista` is two letters short of `distanc`: too far for a five-letter word.
  expect(closestIndexed('dista', ['distanc'])).toEqual([]);
  expect(closestIndexed('Fahrraed', ['fahrrad', 'fahrt'])).toEqual(['fahrrad']);
  expect(closestIndexed('oscilloscpe', ['oscilloscop', 'oscil'])).toEqual(['oscilloscop']);
  expect(
    closestIndexed('batery', ['battery', 'bakery', 'watery', 'batterx', 'bateria']),
  ).toHaveLength(3);
  // The word itself is not its own correction.
  expect(closestIndexed('kettle', ['kettle'])).toEqual([]);
});
