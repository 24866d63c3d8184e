import { parseSearchQuery } from './parse-search-query';
import { searchKeywords } from './search-keywords';

const keywords = (text: string, languages?: string[]) =>
  searchKeywords(parseSearchQuery(text), languages);

test('a question matches on its content words, not on its stop words', () => {
  expect(keywords('Which sensor uses a laser to measure distance?').terms).toEqual([
    ['sensor'],
    ['uses'],
    ['laser'],
    ['measure'],
    ['distance'],
  ]);
});

test("the languages asked for add their stop words to English's, in any case", () => {
  expect(keywords('Wie lange dauert die Lieferung', ['de-AT']).terms).toEqual([
    ['dauert'],
    ['Lieferung'],
  ]);
  expect(keywords('Wie lange dauert die Lieferung').terms).toContainEqual(['die']);
});

test('phrases keep their stop words; a query of stop words alone is kept whole', () => {
  expect(keywords('"the who" tickets').terms).toEqual([['the', 'who'], ['tickets']]);
  expect(keywords('The Who')).toEqual(parseSearchQuery('The Who'));
});

test('the last word is a prefix while it is being typed, and not once it is dropped', () => {
  expect(keywords('laser dist').prefixLast).toBe(true);
  expect(keywords('laser dist ').prefixLast).toBe(false);
  expect(keywords('laser distance?').prefixLast).toBe(false);
  expect(keywords('the who').prefixLast).toBe(true);
  expect(keywords('soldering for').prefixLast).toBe(false);
  expect(keywords('laser di').prefixLast).toBe(false);
  expect(keywords('"laser distance"').prefixLast).toBe(false);
});
