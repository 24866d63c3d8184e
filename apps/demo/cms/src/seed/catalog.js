// The shop around the articles: products with prices, FAQ entries, policies, pages and the
// about page (English only).
const {
  bold,
  bullets,
  code,
  heading,
  image,
  link,
  paragraph,
  quote,
  slugify,
  steps,
} = require('./blocks');

const product = (name, sku, price, category, summary, features, extra = {}) => ({
  name,
  slug: slugify(name),
  sku,
  price,
  currency: 'EUR',
  availability: 'in_stock',
  brand: 'Tinkerbench',
  category,
  summary,
  content: [
    paragraph(summary),
    heading(2, 'Features'),
    bullets(features),
    paragraph(
      'Ships from Lyon within two working days. ',
      link('/policies/warranty/', 'Two-year warranty'),
      '.',
    ),
  ],
  ...extra,
});

function products(images) {
  const list = [
    product(
      'RP2040 Mini',
      'TB-BRD-2040',
      6.9,
      'boards',
      'A thumb-sized RP2040 board with USB-C, 26 GPIO pins and MicroPython preinstalled.',
      [
        'Dual-core Arm Cortex-M0+ at 133 MHz, 264 KB RAM, 4 MB flash',
        '26 GPIO, 3 analog inputs, 2 I²C, 2 SPI, 2 UART',
        'USB-C, BOOTSEL and reset buttons',
        'Castellated edges for soldering onto a carrier board',
      ],
    ),
    product(
      'C3 Wi-Fi',
      'TB-BRD-C3',
      8.5,
      'boards',
      'An ESP32-C3 board with Wi-Fi and Bluetooth LE that sleeps at 45 µA.',
      [
        'RISC-V core at 160 MHz, 400 KB RAM, 4 MB flash',
        'Wi-Fi 802.11 b/g/n and Bluetooth 5 LE',
        'Battery connector with charging circuit',
        'Deep sleep at 45 µA',
      ],
    ),
    product(
      'Uno R4 Minima',
      'TB-BRD-UNOR4',
      19.9,
      'boards',
      'The classic Uno form factor with a 48 MHz Arm core, for 5 V shields and tutorials.',
      [
        'Renesas RA4M1 Arm Cortex-M4 at 48 MHz',
        '5 V logic, compatible with Uno shields',
        'USB-C and a 6–24 V barrel jack',
        '14-bit analog inputs and a 12-bit DAC',
      ],
    ),
    product(
      'DHT22 sensor',
      'TB-SNS-DHT22',
      7.5,
      'sensors',
      'Temperature and humidity on one data pin, mounted on a breakout with its pull-up resistor.',
      ['−40 to 80 °C, ±0.5 °C', '0–100 % relative humidity, ±2 %', '3.3–5 V supply'],
    ),
    product(
      'BME280 breakout',
      'TB-SNS-BME280',
      9.9,
      'sensors',
      'Pressure, temperature and humidity over I²C or SPI, accurate enough for a weather station.',
      [
        '300–1100 hPa, ±1 hPa',
        'I²C address 0x76 or 0x77',
        'Onboard 3.3 V regulator and level shifting',
      ],
    ),
    product(
      'VL53L0X ToF sensor',
      'TB-SNS-VL53',
      11.4,
      'sensors',
      'A laser time-of-flight distance sensor: millimetre readings up to two metres.',
      ['30–2000 mm range', 'I²C, address changeable in software', 'Class 1 laser, eye safe'],
      { availability: 'out_of_stock' },
    ),
    product(
      'Soil moisture sensor',
      'TB-SNS-SOIL',
      4.2,
      'sensors',
      'A capacitive probe that does not corrode, with an analog output.',
      [
        'Capacitive, no exposed electrodes',
        '3.3–5.5 V, analog output',
        'Coated for long use in soil',
      ],
    ),
    product(
      'PIR motion sensor',
      'TB-SNS-PIR',
      3.6,
      'sensors',
      'An HC-SR501 passive infrared motion detector with adjustable range and hold time.',
      [
        'Up to 7 m, 120° cone',
        'Adjustable hold time from 3 s to 5 min',
        'Digital output, 3.3 V level',
      ],
    ),
    product(
      'HC-SR04 ultrasonic',
      'TB-SNS-SR04',
      3.2,
      'sensors',
      'The classic ultrasonic distance sensor, 2 cm to 4 m.',
      ['2–400 cm range, 3 mm resolution', '5 V supply; echo needs a divider on 3.3 V boards'],
    ),
    product(
      'DS18B20 probe',
      'TB-SNS-DS18',
      5.8,
      'sensors',
      'A waterproof 1-Wire temperature probe on a one-metre cable.',
      [
        '−55 to 125 °C, ±0.5 °C',
        'Stainless steel tip, one-metre cable',
        'Unique 64-bit address: many probes on one pin',
      ],
    ),
    product(
      'Sensor starter pack',
      'TB-KIT-SENS',
      29,
      'kits',
      'Twelve sensors and modules in a sorted box, with photoresistors, buttons, a buzzer and jumper wires.',
      [
        'DHT22, PIR, HC-SR04, soil probe and GL5528 photoresistors',
        'Buttons, LEDs, resistors, a buzzer',
        'Breadboard and 65 jumper wires',
      ],
    ),
    product(
      'Blink LED kit',
      'TB-KIT-BLINK',
      12,
      'kits',
      'Our soldering practice kit: a blinking LED badge with through-hole parts.',
      [
        'Through-hole parts, large pads',
        'Runs on a CR2032 coin cell',
        'Step-by-step printed guide',
      ],
    ),
    product(
      'Soldering station 60 W',
      'TB-TOOL-SOLD60',
      64,
      'tools',
      'A temperature-controlled 60 W station that heats up in under 30 seconds.',
      [
        '200–480 °C, digital display',
        'Heats to 350 °C in under 30 s',
        'Interchangeable tips, stand with brass wool',
      ],
    ),
    product(
      'Pocket multimeter',
      'TB-TOOL-MM',
      24.5,
      'tools',
      'An autoranging pocket multimeter with continuity beep and a backlit display.',
      [
        'Autoranging volts, amps, ohms, capacitance',
        'Continuity beep and diode test',
        'Backlit display, auto power-off',
      ],
      { availability: 'preorder' },
    ),
    product(
      'OLED display 128×64',
      'TB-DSP-OLED',
      8.9,
      'displays',
      'A 0.96-inch monochrome OLED display on I²C, readable in daylight.',
      ['128×64 pixels, SSD1306 controller', 'I²C at 0x3C', '3.3–5 V'],
    ),
  ];
  list[0].content.splice(1, 0, image(images.board));
  list[12].content.splice(1, 0, image(images.soldering));
  return list;
}

const faq = (question, topic, sortOrder, ...answer) => ({
  question,
  slug: slugify(question),
  topic,
  sortOrder,
  answer,
});

const faqs = [
  faq(
    'How long does delivery take?',
    'shipping',
    1,
    paragraph(
      'Orders placed before 2 pm on a working day leave our Lyon workshop the same day. Delivery takes 1–2 days in France and 3–5 days elsewhere in the EU.',
    ),
  ),
  faq(
    'Do you ship outside the European Union?',
    'shipping',
    2,
    paragraph(
      'Yes, to the UK, Switzerland and Norway. Import duties and VAT are charged by the carrier on delivery.',
    ),
  ),
  faq(
    'How much is shipping?',
    'shipping',
    3,
    bullets([
      'France: €4.90, free from €49',
      'European Union: €9.90, free from €99',
      'UK, Switzerland, Norway: €14.90',
    ]),
  ),
  faq(
    'Can I return a product I do not need?',
    'returns',
    4,
    paragraph(
      'Yes, within 30 days, unused and in its packaging. See the ',
      link('/policies/returns/', 'returns policy'),
      ' for the steps.',
    ),
  ),
  faq(
    'What if a board arrives broken?',
    'returns',
    5,
    paragraph(
      'Send us a photo within 14 days and we ship a replacement at our cost. Boards that fail later are covered by the ',
      link('/policies/warranty/', 'two-year warranty'),
      '.',
    ),
  ),
  faq(
    'Which payment methods do you accept?',
    'orders',
    6,
    paragraph(
      'Cards (Visa, Mastercard, American Express), PayPal and bank transfer for orders over €200.',
    ),
  ),
  faq(
    'Can I change or cancel an order?',
    'orders',
    7,
    paragraph('Until it ships: reply to the confirmation email and we change or cancel it.'),
  ),
  faq(
    'Are your boards compatible with Arduino shields?',
    'products',
    8,
    paragraph(
      'The Uno R4 Minima takes Uno shields directly. The RP2040 Mini and C3 Wi-Fi use 3.3 V logic: 5 V shields need level shifters.',
    ),
  ),
  faq(
    'Do the sensors work at 3.3 V?',
    'products',
    9,
    paragraph(
      'All our sensors work at 3.3 V except the HC-SR04, which needs 5 V power and a divider on its echo pin (',
      code('1 kΩ / 2 kΩ'),
      ').',
    ),
  ),
  faq(
    'Where do I start if I have never built anything?',
    'projects',
    10,
    steps([
      'Get the sensor starter pack and an RP2040 Mini.',
      [
        'Follow ',
        link(
          '/en/blog/choosing-a-microcontroller-board-for-your-first-project/',
          'our guide to choosing a board',
        ),
        '.',
      ],
      'Pick one project article and build it exactly as written before changing anything.',
    ]),
  ),
  faq(
    'Can I reuse the code from your articles?',
    'projects',
    11,
    paragraph(
      'Yes: every listing in our articles is under the MIT licence; the article text is CC BY 4.0.',
    ),
  ),
];

const policy = (title, summary, effectiveDate, ...content) => ({
  title,
  slug: slugify(title),
  summary,
  effectiveDate,
  content,
});

const policies = [
  policy(
    'Returns',
    'Thirty days to return unused products, free returns for faulty ones.',
    '2025-03-01',
    heading(2, 'Changing your mind'),
    paragraph(
      'You may return any unused product in its original packaging within 30 days of delivery. We refund the product price within 14 days of receiving it; return shipping is yours to pay.',
    ),
    heading(2, 'Faulty products'),
    paragraph(
      'Products that arrive faulty are replaced or refunded at our cost, return shipping included.',
    ),
    heading(2, 'How to return'),
    steps([
      'Write to returns@tinkerbench.test with your order number.',
      'Pack the product with the return slip we send you.',
      'Drop it at any post office.',
    ]),
  ),
  policy(
    'Warranty',
    'Two years on every board, tool and module we sell.',
    '2025-03-01',
    paragraph(
      'Every product is covered for two years from delivery against defects in materials and workmanship.',
    ),
    heading(2, 'Not covered'),
    bullets([
      'Damage from wrong wiring, reversed polarity or overvoltage',
      'Parts that were soldered and then desoldered',
      'Normal wear of soldering tips',
    ]),
    quote('In doubt, ask: we often replace boards that a wiring mistake killed, at cost price.'),
  ),
  policy(
    'Shipping',
    'Where we ship, how fast, and what it costs.',
    '2025-06-15',
    paragraph('We ship from Lyon, France, with tracked delivery.'),
    bullets([
      'France: 1–2 working days, €4.90, free from €49',
      'European Union: 3–5 working days, €9.90, free from €99',
      'UK, Switzerland, Norway: 4–7 working days, €14.90',
    ]),
    paragraph('Orders placed before 2 pm on a working day leave the same day.'),
  ),
  policy(
    'Privacy',
    'What we collect, why, and how long we keep it.',
    '2025-09-01',
    heading(2, 'What we collect'),
    bullets([
      'Your name, address and email, to deliver orders',
      'Your order history, for invoices and warranty claims',
      'No tracking cookies: the site uses one session cookie for the cart',
    ]),
    heading(2, 'How long'),
    paragraph(
      'Invoices are kept ten years as French law requires; everything else is deleted two years after your last order.',
    ),
    heading(2, 'Your rights'),
    paragraph('Write to privacy@tinkerbench.test to see, correct or delete your data.'),
  ),
  policy(
    'Terms of use',
    'The rules for using this site and reusing its content.',
    '2025-10-01',
    paragraph(
      'Article text is published under CC BY 4.0 and code listings under the MIT licence. Product photos and the Tinkerbench name may not be reused.',
    ),
    heading(2, 'Automated access'),
    paragraph(
      'Crawlers and AI agents are welcome. Please fetch the compact JSON versions listed in ',
      code('/llm-sitemap.json'),
      ' and revalidate with ',
      code('If-None-Match'),
      ' instead of downloading pages again.',
    ),
  ),
];

const pages = [
  {
    title: 'Contact',
    slug: 'contact',
    description: 'How to reach the Tinkerbench team.',
    content: [
      paragraph('We answer within one working day.'),
      bullets([
        ['Orders and shipping: ', bold('orders@tinkerbench.test')],
        ['Technical questions: ', bold('help@tinkerbench.test')],
        ['Workshop: 12 rue des Forgerons, 69007 Lyon, France'],
      ]),
    ],
  },
  {
    title: 'Workshops',
    slug: 'workshops',
    description: 'Soldering evenings and beginner sessions at our Lyon workshop.',
    content: [
      paragraph('Every second Thursday from 6 pm to 9 pm, our benches are open to twelve makers.'),
      heading(2, 'Upcoming sessions'),
      bullets([
        'Blink LED kit: your first solder joints',
        'Weather station with the BME280',
        'Repair corner: bring a broken gadget',
      ]),
      paragraph('Sessions are free; booking is by email to workshop@tinkerbench.test.'),
    ],
  },
];

function about(images) {
  return {
    title: 'About Tinkerbench',
    description: 'A small electronics shop and workshop in Lyon, for makers who learn by building.',
    content: [
      paragraph(
        'Tinkerbench started in 2019 as a soldering evening in a Lyon garage. Today we sell the boards, sensors and tools we use ourselves, and we write up every project we build.',
      ),
      image(images.board),
      heading(2, 'What we believe'),
      bullets([
        'Every product we sell has a tested project article behind it.',
        'Code and instructions are free to reuse.',
        'Repair before replace: our workshop fixes what it can.',
      ]),
      heading(2, 'The team'),
      paragraph(
        'Four people: Camille (projects), Noah (hardware), Inès (shop and shipping) and Sam (workshops).',
      ),
    ],
  };
}

module.exports = { products, faqs, policies, pages, about };
