// The coach's word lists: what makes a sentence concrete (things, senses, numbers), which words name a feeling,
// and the small words that say nothing on their own. Written for this repository by its authors (common
// English usage and admissions-essay advice); the project's own licence.

const words = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/));

/** Words too common to count as content: never repetition, never a material anchor. */
export const STOPWORDS = words(`
  a about above after again against all also am an and any are as at be because been before being below between
  both but by can could did do does doing down during each even ever every few for from further had has have
  having he her here hers herself him himself his how i i'd i'll i'm i've if in into is it it's its itself just
  me more most my myself no nor not now of off on once one only or other our ours ourselves out over own same she
  should so some such than that that's the their theirs them themselves then there these they this those through
  to too under until up us very was we were what when where which while who whom why will with would you your
  yours yourself still much many like really got get went go going thing things way something anything everything
  made make makes day time back around never always said asked told
`);

/** Things a reader can picture: a sentence naming one is not abstract. */
export const CONCRETE_NOUNS = words(`
  table chair door window floor wall roof car bus train truck bike bicycle road street sidewalk highway bridge river
  lake ocean beach mountain hill park garden yard tree leaf grass flower dirt mud rock stone sand snow rain ice wind
  sun moon sky cloud fire smoke bottle cup mug glass plate bowl spoon fork knife pot pan stove oven fridge sink bed
  pillow blanket couch sofa desk lamp shelf drawer closet box bag backpack notebook pencil pen paper page book
  letter envelope phone screen laptop computer keyboard camera radio speaker headphones guitar piano violin cello
  drum trumpet flute clarinet saxophone microphone ball bat glove helmet jersey net court gym pool locker
  whistle uniform shoe boot sneaker shirt jacket coat hat dress scarf sweater apron hand finger palm arm shoulder
  knee foot feet face eye mouth lip teeth tooth hair head forehead cheek throat chest skin blood bone tear sweat
  bread rice soup tea coffee milk egg apple lemon tomato onion garlic pepper salt sugar flour butter cheese meat
  chicken fish bean noodle dumpling tortilla cake cookie pie sandwich dog cat horse bird cow goat bee ant spider
  snake kitchen bedroom bathroom hallway garage basement attic porch stair classroom library hospital clinic
  church temple mosque store shop market restaurant diner cafe bakery farm barn factory office lab laboratory
  museum theater theatre stadium airport station parking van taxi subway tractor hammer wrench screwdriver drill
  saw nail screw tape rope wire battery engine motor wheel tire robot bracket lathe needle thread fabric paint
  brush canvas clay sketch poster map clock watch key ring necklace photo photograph picture frame mirror candle
  flag sign receipt ticket coin dollar cash wallet tray cart shovel bucket hose ladder fence gate mailbox
  grandmother grandfather grandma grandpa abuela abuelo aunt uncle cousin sister brother mom dad mother father
  bus driver nurse coach teacher counter register apartment hotel tent boat dock field whiteboard chalkboard
  spreadsheet microscope beaker calculator tablet chessboard board bench shelf bin jar cup notebook sticker dough
`);

/** What the senses take in: colours, sounds, smells, textures, temperatures. */
export const SENSORY = words(`
  smell smelled smelt smells scent stench odor aroma taste tasted tastes bitter sweet sour salty spicy sound sounds
  heard loud quiet silent silence whisper whispered whispering shout shouted shouting scream screamed yell yelled
  hum hummed humming buzz buzzed buzzing creak creaked clatter clattered click clicked crack cracked bang banged
  rang rattled hiss hissed roar roared echo echoed bright dim dark glow glowed glowing flicker flickered shimmer
  shadow shadows red blue green yellow orange purple pink white black gray grey gold golden silver brown cold warm
  hot icy freezing sticky rough smooth soft wet damp slick sharp dull burning burned itchy sore trembling
  shaking shook sweaty greasy dusty muddy crisp crunchy creamy fragrant smoky stale musty sizzled sizzling
  squeaked squeaking thud thumped dripped dripping steam steaming
`);

/** Number words and their values, so "twelve kids" and "12 kids" are the same detail. */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ...'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ').map((word, index) => [word, String(index + 2)] as const),
  ...'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, index) => [word, String((index + 2) * 10)] as const),
  ['hundred', '100'], ['thousand', '1000'], ['million', '1000000'], ['dozen', '12'],
]);

/** Feelings an essay names instead of showing. */
export const EMOTIONS = words(`
  nervous anxious scared afraid terrified frightened happy sad unhappy proud excited angry mad furious frustrated
  upset embarrassed ashamed overwhelmed grateful thankful relieved lonely confused disappointed jealous thrilled
  devastated heartbroken hurt worried stressed inspired motivated shocked surprised amazed joyful elated depressed
  hopeless helpless ecstatic satisfied accomplished confident insecure uncomfortable bored annoyed guilty hopeful
  determined
`);

/** Words between a verb and the feeling it names ("I was so very nervous"). */
export const INTENSIFIERS = words('so very really extremely incredibly super truly quite deeply completely totally absolutely utterly too pretty immensely genuinely a little bit more most kind of');

/** Verbs that link a person to a named feeling. */
export const FEELING_VERBS = words("was were am is felt feel feeling became become got grew seemed i'm we're");

/** Common irregular past-tense verbs: with "-ed" words they mark a narrated scene. */
export const PAST_IRREGULAR = words(`
  was were had did said saw heard felt went came took gave got made ran sat stood held kept left found told thought
  knew began brought bought caught fell fought flew forgot grew hung hit hid led lost met paid put rode rang rose
  sang sank shook shot shut slept spoke spent stole stuck swam swung tore threw woke wore won wrote ate drank drove
  broke chose froze
`);

/** Present-tense verbs of thinking and being: a paragraph that uses them more than the past reflects. */
export const PRESENT_MARKERS = words(`
  is are am isn't aren't do does don't has have think know see understand believe want hope wonder notice keep use
  remember trust practice look mean means matters
`);

/** Units of time in "for three summers", "every morning": the habits and years a context paragraph sets out. */
export const TIME_UNITS = words('year years summer summers winter winters month months week weeks day days morning mornings night nights weekend weekends');

/** Ideas with nothing to see: a sentence built from several of them, and no detail, is a generic claim. */
export const ABSTRACT_NOUNS = words(`
  value values importance perseverance resilience determination dedication commitment teamwork leadership
  responsibility compassion empathy diversity growth potential passion success failure integrity character kindness
  courage confidence patience discipline perspective adversity challenges opportunity opportunities skills
  knowledge lessons qualities hardship obstacles goals dreams ambition motivation mindset
`);

/** Singular form for list look-ups: "hands" → "hand", "boxes" → "box", "library's" → "library". */
export function singular(possessive: string): string {
  const word = possessive.endsWith("'s") ? possessive.slice(0, -2) : possessive;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ch|sh|x|s)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
