// Fills an empty demo database: the images (through the media library, as an editor would
// upload them), then every document, published, through the Document Service, so the
// agent-ready plugin sees each one exactly as it sees an editor's save.
const fs = require('node:fs');
const path = require('node:path');
const { about, faqs, pages, policies, products } = require('./catalog');
const { AUTHORS, projectArticles } = require('./project-articles');
const { guides } = require('./guides');
const { createRandom } = require('./random');

const IMAGES = {
  wiring: [
    'breadboard-wiring.svg',
    'A sensor on a breadboard wired to a microcontroller board with red, yellow and black jumper wires',
  ],
  chart: [
    'readings-chart.svg',
    'Line chart of two sensor readings rising slowly over sixty minutes',
  ],
  board: [
    'board-top-view.svg',
    'Top view of a green microcontroller board with its chip, pin headers and two status LEDs',
  ],
  soldering: [
    'soldering-station.svg',
    'A soldering station showing 350 degrees, with the iron resting in its stand',
  ],
};

async function uploadImages(strapi) {
  const upload = strapi.plugin('upload').service('upload');
  const images = {};
  for (const [key, [file, alternativeText]] of Object.entries(IMAGES)) {
    const filepath = path.join(__dirname, 'images', file);
    const [uploaded] = await upload.upload({
      data: { fileInfo: { name: file, alternativeText, caption: null } },
      files: {
        filepath,
        originalFilename: file,
        mimetype: 'image/svg+xml',
        size: fs.statSync(filepath).size,
      },
    });
    images[key] = uploaded;
  }
  return images;
}

/** Projects with a guide after every second one, dated a week apart up to early October 2025. */
function allArticles(images) {
  const projects = projectArticles({ images, random: createRandom(2025) });
  const extra = guides(images);
  const ordered = [];
  projects.forEach((project, index) => {
    ordered.push(project);
    if (index % 2 === 1 && extra.length > 0) ordered.push({ en: extra.shift() });
  });
  ordered.push(...extra.map((guide) => ({ en: guide })));
  const last = Date.UTC(2025, 9, 6);
  return ordered.map((article, index) => {
    const day = new Date(last - (ordered.length - 1 - index) * 7 * 86_400_000);
    const en = {
      author: AUTHORS[index % AUTHORS.length],
      readingMinutes: 4 + (index % 6),
      ...article.en,
      publishedOn: day.toISOString().slice(0, 10),
    };
    return { en, fr: article.fr };
  });
}

async function seedContent(strapi) {
  const started = Date.now();
  const images = await uploadImages(strapi);
  const create = (uid, data) => strapi.documents(uid).create({ data, status: 'published' });

  let versions = 0;
  for (const article of allArticles(images)) {
    const { documentId } = await strapi
      .documents('api::article.article')
      .create({ locale: 'en', data: article.en, status: 'published' });
    versions++;
    if (article.fr) {
      await strapi
        .documents('api::article.article')
        .update({ documentId, locale: 'fr', data: article.fr, status: 'published' });
      versions++;
    }
  }
  for (const item of products(images)) await create('api::product.product', item);
  for (const item of faqs) await create('api::faq.faq', item);
  for (const item of policies) await create('api::policy.policy', item);
  for (const item of pages) await create('api::page.page', item);
  await create('api::about.about', about(images));
  strapi.log.info(
    `demo: seeded ${versions} article versions (en, fr), ${products(images).length} products, ${faqs.length} FAQ entries, ${policies.length} policies, ${pages.length + 1} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

module.exports = { seedContent, allArticles };
