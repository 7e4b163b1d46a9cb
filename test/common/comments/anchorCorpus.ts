// Edits a student makes between the version a reader saw and a later one, each with the words a comment must
// end up on, or "changed" when those words are gone. A quote or an expected place is named by its text and which
// occurrence of that text it is (0 for the first).

export interface Spot { words: string; occurrence?: number }
export interface AnchoringCase {
  name: string;
  snapshot: string;
  comment: Spot;
  version: string;
  expected: Spot | 'changed';
}

const P1 = 'The summer I turned sixteen, my grandmother taught me to fish on the lake behind her house.';
const P2 = 'She never said much, but she watched the water the way other people read a book.';
const P3 = 'I did not catch anything for weeks, and I wanted to quit every single morning.';
const P4 = 'Then one foggy dawn the line pulled hard, and she laughed out loud for the first time that year.';
const essay = (...paragraphs: string[]): string => paragraphs.join('\n\n');
const BASE = essay(P1, P2, P3, P4);

// Two paragraphs that share a phrase ("I wanted to quit") with different words around it.
const D1 = 'At the first swim meet I finished last, and I wanted to quit before the relay even started.';
const D2 = 'In chemistry I failed the first lab report, and I wanted to quit the class by October.';
const DUPES = essay(D1, D2);

export const anchoringCases: AnchoringCase[] = [
  {
    name: 'nothing changed',
    snapshot: BASE, comment: { words: 'watched the water' }, version: BASE,
    expected: { words: 'watched the water' },
  },
  {
    name: 'a paragraph inserted before the phrase',
    snapshot: BASE, comment: { words: 'watched the water' },
    version: essay('Nobody in my family talks about feelings.', P1, P2, P3, P4),
    expected: { words: 'watched the water' },
  },
  {
    name: 'words inserted right before the phrase',
    snapshot: BASE, comment: { words: 'watched the water' },
    version: BASE.replace('she watched', 'she always quietly watched'),
    expected: { words: 'watched the water' },
  },
  {
    name: 'words inserted right after the phrase',
    snapshot: BASE, comment: { words: 'watched the water' },
    version: BASE.replace('water the way', 'water, grey and still, the way'),
    expected: { words: 'watched the water' },
  },
  {
    name: 'a typo fixed inside the phrase',
    snapshot: BASE.replace('taught me to fish', 'taugth me to fish'), comment: { words: 'my grandmother taugth me to fish' },
    version: BASE,
    expected: { words: 'my grandmother taught me to fish' },
  },
  {
    name: 'a word added inside a long phrase',
    snapshot: BASE, comment: { words: 'I did not catch anything for weeks' },
    version: BASE.replace('anything for weeks', 'anything for two weeks'),
    expected: { words: 'I did not catch anything for two weeks' },
  },
  {
    // "weeks" to "months" is five edits in 34 characters, past one per eight.
    name: 'a word swapped for another inside a long phrase',
    snapshot: BASE, comment: { words: 'I did not catch anything for weeks' },
    version: BASE.replace('anything for weeks', 'anything for months'),
    expected: 'changed',
  },
  {
    name: 'the phrase rewritten',
    snapshot: BASE, comment: { words: 'watched the water the way other people read a book' },
    version: BASE.replace('watched the water the way other people read a book', 'studied the lake like it owed her an answer'),
    expected: 'changed',
  },
  {
    name: 'a short word changed to another',
    snapshot: BASE, comment: { words: 'foggy' },
    version: BASE.replace('foggy', 'rainy'),
    expected: 'changed',
  },
  {
    name: 'the paragraph moved to the end',
    snapshot: BASE, comment: { words: 'wanted to quit every single morning' },
    version: essay(P1, P2, P4, P3),
    expected: { words: 'wanted to quit every single morning' },
  },
  {
    name: 'the paragraph moved to the start and its neighbour edited',
    snapshot: BASE, comment: { words: 'foggy dawn' },
    version: essay(P4, P1, P2.replace('never said much', 'rarely spoke'), P3),
    expected: { words: 'foggy dawn' },
  },
  {
    name: 'a whole paragraph quoted, then moved',
    snapshot: BASE, comment: { words: P2 },
    version: essay(P1, P3, P2, P4),
    expected: { words: P2 },
  },
  {
    name: 'the paragraph holding the phrase deleted',
    snapshot: BASE, comment: { words: 'wanted to quit every single morning' },
    version: essay(P1, P2, P4),
    expected: 'changed',
  },
  {
    name: 'line breaks and spaces changed',
    snapshot: BASE, comment: { words: 'she watched the water' },
    version: BASE.replaceAll('\n\n', '\n').replace('she watched the water', 'she  watched the water'),
    expected: { words: 'she  watched the water' },
  },
  {
    name: 'punctuation changed inside and around the phrase',
    snapshot: BASE, comment: { words: 'She never said much, but she watched' },
    version: BASE.replace('She never said much, but she watched', 'She never said much - but she watched'),
    expected: { words: 'She never said much - but she watched' },
  },
  {
    name: 'curly quotes for straight ones around the phrase',
    snapshot: BASE.replace('laughed out loud', 'laughed "out loud"'), comment: { words: 'out loud' },
    version: BASE.replace('laughed out loud', 'laughed “out loud”'),
    expected: { words: 'out loud' },
  },
  {
    name: 'the whole essay rewritten',
    snapshot: BASE, comment: { words: 'my grandmother taught me to fish' },
    version: essay(
      'Robotics club changed how I think about failure.',
      'Our robot fell apart three times before the regional competition in March.',
      'Each time we rebuilt it, I learned to ask better questions of my teammates.',
    ),
    expected: 'changed',
  },
  {
    name: 'duplicate phrase: the second commented, text inserted before the first',
    snapshot: DUPES, comment: { words: 'I wanted to quit', occurrence: 1 },
    version: essay('Quitting has always tempted me.', D1, D2),
    expected: { words: 'I wanted to quit', occurrence: 1 },
  },
  {
    name: 'duplicate phrase: the first commented, the paragraphs swapped',
    snapshot: DUPES, comment: { words: 'I wanted to quit', occurrence: 0 },
    version: essay(D2, D1),
    expected: { words: 'I wanted to quit', occurrence: 1 },
  },
  {
    name: 'duplicate phrase: the commented occurrence deleted, the other kept',
    snapshot: DUPES, comment: { words: 'I wanted to quit', occurrence: 1 },
    version: D1,
    expected: 'changed',
  },
  {
    name: 'duplicate phrase: the commented occurrence rewritten, the other kept',
    snapshot: DUPES, comment: { words: 'I wanted to quit', occurrence: 0 },
    version: essay(D1.replace('I wanted to quit', 'I almost walked out'), D2),
    expected: 'changed',
  },
  {
    name: 'duplicate phrase: the commented occurrence gets a typo fix, the other is exact',
    snapshot: essay(D1.replace('I wanted to quit', 'I wantd to quit'), D2), comment: { words: 'I wantd to quit' },
    version: DUPES,
    expected: { words: 'I wanted to quit', occurrence: 0 },
  },
  {
    // The paragraph still follows the one it followed; the copy pasted above is new.
    name: 'duplicate paragraph pasted earlier: the copy is not the commented one',
    snapshot: BASE, comment: { words: 'foggy dawn' },
    version: essay(P1, P2, P4, P3, P4),
    expected: { words: 'foggy dawn', occurrence: 1 },
  },
  {
    // Both copies have the same words around the phrase: only the diff, which keeps each where it was, tells them apart.
    name: 'a paragraph the student had repeated: text inserted before both',
    snapshot: essay(P1, P2, P2, P3), comment: { words: 'watched the water', occurrence: 1 },
    version: essay('Nobody in my family talks about feelings.', P1, P2, P2, P3),
    expected: { words: 'watched the water', occurrence: 1 },
  },
  {
    name: 'a paragraph the student had repeated: the commented copy deleted',
    snapshot: essay(P1, P2, P3, P2), comment: { words: 'watched the water', occurrence: 0 },
    version: essay(P1, P3, P2),
    expected: 'changed',
  },
  {
    name: 'duplicate phrase with the same words around both: one moved, which one cannot be told',
    snapshot: essay('We ran. I wanted to quit the team. We lost.', 'We won. I wanted to quit the team. We cried.'),
    comment: { words: 'I wanted to quit the team', occurrence: 0 },
    version: essay('We won. I wanted to quit the team. We cried.', 'Later. I wanted to quit the team. Later.'),
    expected: 'changed',
  },
  {
    name: 'a repeated short word: the one after the edit',
    snapshot: 'The fish bit. The fish ran. The fish won.', comment: { words: 'fish', occurrence: 1 },
    version: 'The fish bit hard. The fish ran. The fish won.',
    expected: { words: 'fish', occurrence: 1 },
  },
  {
    name: 'a repeated short word: its sentence deleted',
    snapshot: 'The fish bit. The fish ran. The fish won.', comment: { words: 'fish', occurrence: 1 },
    version: 'The fish bit. The fish won.',
    expected: 'changed',
  },
  {
    name: 'the quote at the very start, text added before it',
    snapshot: BASE, comment: { words: 'The summer I turned sixteen' },
    version: `Every family has a story.\n\n${BASE}`,
    expected: { words: 'The summer I turned sixteen' },
  },
  {
    name: 'the quote at the very end, the sentence extended',
    snapshot: BASE, comment: { words: 'for the first time that year.' },
    version: BASE.replace('that year.', 'that year. I still have the hook.'),
    expected: { words: 'for the first time that year.' },
  },
  {
    name: 'emoji and accents around the phrase',
    snapshot: 'Mi abuela 👵 me enseñó a pescar en el lago.', comment: { words: 'me enseñó a pescar' },
    version: 'Mi querida abuela 👵 me enseñó a pescar en el lago. 🎣',
    expected: { words: 'me enseñó a pescar' },
  },
];
