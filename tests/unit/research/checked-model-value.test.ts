/**
 * What a model reports is kept only when its field's check passes and the snippet it copied bears it out
 * (checkedModelValue, shared by the model's reading of the sources and the provider's web search).
 */
import { describe, expect, it } from 'vitest';
import { comparable } from '@/lib/model/citations';
import { checkedModelValue } from '@/lib/research/service';

const on = (snippet: string) => comparable(snippet);

describe('checkedModelValue', () => {
  it('keeps a GTIN with a valid check digit whose digits the snippet holds, whatever their spacing', () => {
    expect(checkedModelValue('ean', ' 4006381333931 ', on('EAN: 4 006381 333931'))).toBe('4006381333931');
    expect(checkedModelValue('ean', '4006381333932', on('EAN: 4006381333932'))).toBeNull(); // check digit
    expect(checkedModelValue('ean', '4006381333931', on('EAN: 4006381333948'))).toBeNull(); // not in the snippet
  });

  it('keeps an HS code of a valid shape found in the snippet', () => {
    expect(checkedModelValue('hs_code', '9503.00', on('Customs tariff no. 9503 00'))).toBe('950300');
    expect(checkedModelValue('hs_code', '9503.00', on('Customs tariff no. 8471 30'))).toBeNull();
    expect(checkedModelValue('hs_code', '95', on('HS 95'))).toBeNull();
  });

  it('keeps a website as its root when the snippet names its host, and refuses what is no web address', () => {
    expect(
      checkedModelValue('manufacturer_website', 'www.example-toys.de/about', on('Visit WWW.Example-Toys.de')),
    ).toBe('https://www.example-toys.de/');
    expect(checkedModelValue('manufacturer_website', 'https://other.example', on('Visit example-toys.de'))).toBeNull();
    expect(checkedModelValue('manufacturer_website', 'javascript:alert(1)', on('javascript:alert(1)'))).toBeNull();
  });

  it('keeps any other value only as the snippet writes it', () => {
    expect(checkedModelValue('product_category', ' Wooden toy train ', on('A wooden  toy train for ages 3+'))).toBe(
      'Wooden toy train',
    );
    expect(checkedModelValue('product_category', 'Electric train', on('A wooden toy train'))).toBeNull();
    expect(checkedModelValue('product_category', '   ', on('anything'))).toBeNull();
  });
});
