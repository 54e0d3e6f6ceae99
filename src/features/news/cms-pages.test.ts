import { describe, expect, it } from 'vitest';
import type { FaqSection } from '../../api/contract/content';
import { filterSections } from './cms-pages';

const sections: FaqSection[] = [
  {
    Id: 'bestellung',
    Title: 'Bestellung',
    Questions: [
      { Id: 'menge', Question: 'Gibt es eine Mindestmenge?', Answer: '<p>Meist 500 Liter.</p>' },
      { Id: 'storno', Question: 'Kann ich stornieren?', Answer: '<p>Fragen Sie den Händler.</p>' },
    ],
  },
  {
    Id: 'tank',
    Title: 'Heizöltank',
    Questions: [{ Id: 'fuellen', Question: 'Wie voll darf er sein?', Answer: '<p>Bis 90 %.</p>' }],
  },
];

describe('the info center search', () => {
  it('shows everything for an empty query', () => {
    expect(filterSections(sections, '  ')).toEqual(sections);
  });

  it('finds words in questions, answers and section titles, all of them', () => {
    expect(filterSections(sections, 'liter').flatMap((s) => s.Questions.map((q) => q.Id))).toEqual([
      'menge',
    ]);
    expect(filterSections(sections, 'heizöltank voll')[0]?.Questions.map((q) => q.Id)).toEqual([
      'fuellen',
    ]);
    expect(filterSections(sections, 'menge tank')).toEqual([]);
  });

  it('treats umlauts and their spelled-out forms alike, and ignores markup', () => {
    expect(filterSections(sections, 'haendler')[0]?.Questions[0]?.Id).toBe('storno');
    expect(filterSections(sections, 'HEIZOELTANK')[0]?.Id).toBe('tank');
    expect(filterSections(sections, 'p>')).toEqual([]);
  });
});
