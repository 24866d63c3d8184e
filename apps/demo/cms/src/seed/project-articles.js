// Project articles: every sensor on every board, in English and French, each with headings,
// lists, a wiring diagram, a code listing in the board's language, a table of bench readings,
// a tip and links to the products used.
const {
  bold,
  bullets,
  code,
  codeBlock,
  heading,
  image,
  link,
  paragraph,
  quote,
  richText,
  slugify,
  steps,
  table,
} = require('./blocks');
const { boards, sensors } = require('./hardware');

const capitalize = (value) => value.charAt(0).toUpperCase() + value.slice(1);

const AUTHORS = ['Camille Laurent', 'Noah Fischer', 'Inès Moreau', 'Sam Okafor'];

function listing(sensor, board) {
  const template = board.language === 'python' ? sensor.python : sensor.cpp;
  const pins = { ...board.pinCode, analog: board.analog.code };
  return template
    .replace(/\{(\w+)\}/g, (_, name) => pins[name] ?? `{${name}}`)
    .replace(/\n {2}\n/g, '\n');
}

function boardPin(board, role) {
  return role === 'analog' ? board.analog.pin : board.pins[role];
}

function readings(sensor, random, count) {
  return Array.from({ length: count }, (_, minute) => sensor.row(random, minute));
}

const en = {
  title: (sensor, board) => `Reading ${sensor.en.a} with the ${board.name}`,
  excerpt: (sensor, board) =>
    `Wire a ${sensor.kind.en} to the ${board.name}, read it in ${board.language === 'python' ? 'MicroPython' : 'Arduino C++'} and check the values against a reference on the bench.`,
  body({ sensor, board, images, random }) {
    const wiring = sensor.wires.map(([sensorPin, role]) => [
      'Connect ',
      bold(sensorPin),
      ' to ',
      code(boardPin(board, role)),
      '.',
    ]);
    return [
      richText(
        paragraph(
          `${capitalize(sensor.en.the)} is a ${sensor.kind.en} that measures ${sensor.measures.en}. In this project we wire it to the `,
          link(`/products/${board.product}/`, board.name),
          `, read it in a loop and print the values over USB serial: the first step before logging them or sending them anywhere.`,
        ),
        heading(2, 'What you need'),
        bullets([
          [link(`/products/${board.product}/`, board.name), ` (${board.logic} logic)`],
          [link(`/products/${sensor.product}/`, sensor.en.a)],
          'a half-size breadboard and four jumper wires',
          'a USB-C data cable (charge-only cables will not show the board)',
        ]),
        heading(2, 'Wiring'),
        paragraph(
          `${capitalize(sensor.en.the)} talks ${sensor.bus.en}. Unplug the board while you wire, then follow the diagram:`,
        ),
        image(images.wiring),
        steps(wiring),
        quote(bold('Tip: '), sensor.tip.en),
        heading(2, 'The code'),
        paragraph(board.flash.en),
        codeBlock(board.language, listing(sensor, board)),
        paragraph(
          'Open the serial monitor at 115200 baud: a new line appears at every reading. If nothing shows up, check the ground wire first; it is the one most often forgotten.',
        ),
        heading(2, 'Results'),
        paragraph(
          `We left the setup running on the bench and compared it with a reference instrument. ${capitalize(sensor.en.the)} tracked it closely:`,
        ),
        image(images.chart),
      ),
      table(
        `Bench readings: ${sensor.name} on the ${board.name}`,
        sensor.columns.en,
        readings(sensor, random, 8),
      ),
      richText(
        heading(2, 'Going further'),
        paragraph('Once the readings look right, a few directions to take this project:'),
        bullets(sensor.ideas.en),
        paragraph(
          'Questions about the parts? Our ',
          link('/faq/', 'FAQ'),
          ' covers shipping and compatibility, and every board comes with the ',
          link('/policies/warranty/', 'two-year warranty'),
          '.',
        ),
      ),
    ];
  },
};

const fr = {
  title: (sensor, board) => `Lire ${sensor.fr.a} avec la ${board.name}`,
  excerpt: (sensor, board) =>
    `Branchez un ${sensor.kind.fr} sur la ${board.name}, lisez-le en ${board.language === 'python' ? 'MicroPython' : 'C++ Arduino'} et comparez les valeurs à une référence sur l'établi.`,
  body({ sensor, board, images, random }) {
    const wiring = sensor.wires.map(([sensorPin, role]) => [
      'Reliez ',
      bold(sensorPin),
      ' à ',
      code(boardPin(board, role)),
      '.',
    ]);
    return [
      richText(
        paragraph(
          `${capitalize(sensor.fr.the)} est un ${sensor.kind.fr} qui mesure ${sensor.measures.fr}. Dans ce projet, nous le branchons sur la `,
          link(`/products/${board.product}/`, board.name),
          `, le lisons en boucle et affichons les valeurs sur le port série USB : la première étape avant de les enregistrer ou de les envoyer ailleurs.`,
        ),
        heading(2, 'Le matériel'),
        bullets([
          [link(`/products/${board.product}/`, `la ${board.name}`), ` (logique ${board.logic})`],
          [link(`/products/${sensor.product}/`, sensor.fr.a)],
          'une demi-plaque d’essai et quatre fils de connexion',
          'un câble USB-C de données (un câble de charge seule ne fera pas apparaître la carte)',
        ]),
        heading(2, 'Le câblage'),
        paragraph(
          `${capitalize(sensor.fr.the)} communique par ${sensor.bus.fr}. Débranchez la carte pendant le câblage, puis suivez le schéma :`,
        ),
        image(images.wiring),
        steps(wiring),
        quote(bold('Astuce : '), sensor.tip.fr),
        heading(2, 'Le code'),
        paragraph(board.flash.fr),
        codeBlock(board.language, listing(sensor, board)),
        paragraph(
          'Ouvrez le moniteur série à 115200 bauds : une nouvelle ligne apparaît à chaque mesure. Si rien ne s’affiche, vérifiez d’abord le fil de masse, c’est le plus souvent oublié.',
        ),
        heading(2, 'Résultats'),
        paragraph(
          `Nous avons laissé le montage tourner sur l'établi et l'avons comparé à un instrument de référence. ${capitalize(sensor.fr.the)} l'a suivi de près :`,
        ),
        image(images.chart),
      ),
      table(
        `Mesures sur l'établi : ${sensor.name} sur la ${board.name}`,
        sensor.columns.fr,
        readings(sensor, random, 8),
      ),
      richText(
        heading(2, 'Pour aller plus loin'),
        paragraph('Une fois les mesures correctes, quelques pistes pour prolonger ce projet :'),
        bullets(sensor.ideas.fr),
        paragraph(
          'Des questions sur les composants ? Notre ',
          link('/faq/', 'FAQ'),
          ' couvre la livraison et la compatibilité, et chaque carte bénéficie de la ',
          link('/policies/warranty/', 'garantie de deux ans'),
          '.',
        ),
      ),
    ];
  },
};

/**
 * Every sensor × board combination, English and French versions of each. `images` holds the
 * uploaded media entries; `random` makes the bench readings.
 */
function projectArticles({ images, random }) {
  const articles = [];
  for (const sensor of sensors) {
    for (const board of boards) {
      const n = articles.length;
      const context = { sensor, board, images, random };
      const common = {
        author: AUTHORS[n % AUTHORS.length],
        category: 'project',
        readingMinutes: 6 + (n % 5),
      };
      const version = (language, locale) => {
        const title = language.title(sensor, board);
        return {
          title,
          slug: slugify(title),
          excerpt: language.excerpt(sensor, board),
          body: language.body(context),
          ...(locale === 'en' ? common : {}),
        };
      };
      articles.push({ en: version(en, 'en'), fr: version(fr, 'fr') });
    }
  }
  return articles;
}

module.exports = { projectArticles, AUTHORS };
