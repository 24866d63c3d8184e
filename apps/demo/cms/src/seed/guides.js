// Guides and reviews, in English only: each with headings, a list, a code listing or a table.
const {
  bold,
  bullets,
  code,
  codeBlock,
  heading,
  image,
  italic,
  link,
  paragraph,
  quote,
  richText,
  slugify,
  steps,
  table,
} = require('./blocks');

function guides(images) {
  return [
    {
      title: 'Choosing a microcontroller board for your first project',
      category: 'guide',
      excerpt:
        'Three boards, three languages, three price points: what actually matters when you pick your first microcontroller.',
      body: [
        richText(
          paragraph(
            'Every board in our shop can blink an LED and read a sensor. What differs is how you program it, what it can talk to, and how much power it needs. Start from the project, not the chip.',
          ),
          image(images.board),
          heading(2, 'Questions to ask first'),
          bullets([
            'Does it need Wi-Fi or Bluetooth, or only a USB cable to a computer?',
            'Will it run on batteries for weeks, or from a wall plug?',
            'Do you prefer an interactive language (MicroPython) or the Arduino ecosystem (C++)?',
            'Are your sensors 5 V parts, or 3.3 V ones?',
          ]),
        ),
        table(
          'Our three boards side by side',
          ['Board', 'Language', 'Wireless', 'Logic', 'Price'],
          [
            ['RP2040 Mini', 'MicroPython, C/C++', 'none', '3.3 V', '€6.90'],
            ['C3 Wi-Fi', 'Arduino C++, MicroPython', 'Wi-Fi, Bluetooth LE', '3.3 V', '€8.50'],
            ['Uno R4 Minima', 'Arduino C++', 'none', '5 V', '€19.90'],
          ],
        ),
        richText(
          heading(2, 'Our advice'),
          paragraph(
            'If you have never programmed a board, start with the ',
            link('/products/rp2040-mini/', 'RP2040 Mini'),
            ' and MicroPython: you type a line, it runs. If the project must send data somewhere, take the ',
            link('/products/c3-wi-fi/', 'C3 Wi-Fi'),
            '. Pick the Uno R4 when a tutorial or a shield you want to use expects 5 V.',
          ),
        ),
      ],
    },
    {
      title: 'Soldering basics: a clean joint in five steps',
      category: 'guide',
      excerpt:
        'Heat the pad and the pin, not the solder: the five steps that make shiny, reliable joints, and how to fix a bad one.',
      body: [
        richText(
          paragraph(
            'Most headers arrive unsoldered. Ten minutes of practice on a spare board is all it takes to solder them neatly.',
          ),
          image(images.soldering),
          heading(2, 'Five steps'),
          steps([
            ['Set the iron to ', bold('330–350 °C'), ' for leaded solder, 360 °C for lead-free.'],
            'Wipe the tip on a damp sponge or brass wool and tin it with a little solder.',
            'Touch the tip to both the pad and the pin for one second.',
            'Feed solder into the joint, not onto the iron, until it flows around the pin.',
            'Remove the solder, then the iron, and let the joint cool without moving it.',
          ]),
          quote(
            'A good joint is a small shiny cone. A ball sitting on top of the pad is a cold joint: reheat it with a touch of flux.',
          ),
          heading(2, 'Safety'),
          bullets([
            'Work in a ventilated room; flux fumes irritate.',
            'Wash your hands after handling leaded solder.',
            'Always put the iron back in its stand.',
          ]),
        ),
      ],
    },
    {
      title: 'I²C or SPI: which bus for which sensor',
      category: 'guide',
      excerpt:
        'Two wires shared by many devices, or four fast wires per device: how to choose between I²C and SPI.',
      body: [
        richText(
          paragraph(
            'Most sensor breakouts speak I²C, SPI, or both. The choice matters when you connect several devices or need speed.',
          ),
          heading(2, 'I²C in one minute'),
          paragraph(
            'Two lines, ',
            code('SDA'),
            ' and ',
            code('SCL'),
            ', shared by every device, each answering at its own 7-bit address. Scanning the bus shows who is there:',
          ),
          codeBlock(
            'python',
            `
from machine import I2C, Pin

i2c = I2C(0, sda=Pin(4), scl=Pin(5))
print([hex(address) for address in i2c.scan()])
`,
          ),
          heading(2, 'SPI in one minute'),
          paragraph(
            'Clock, data out, data in, plus one chip-select line per device. Faster and full duplex, at the cost of pins.',
          ),
        ),
        table(
          'I²C and SPI compared',
          ['', 'I²C', 'SPI'],
          [
            ['Wires', '2 (shared)', '3 + 1 per device'],
            ['Typical speed', '100–400 kHz', '1–40 MHz'],
            ['Addressing', '7-bit address', 'chip-select pin'],
            ['Good for', 'sensors, small displays', 'displays, SD cards, fast ADCs'],
          ],
        ),
        richText(
          heading(2, 'Rule of thumb'),
          paragraph(
            'Use I²C for slow sensors and SPI for anything that moves pixels or bytes in bulk. Two devices with the same I²C address need a multiplexer or one of them on SPI.',
          ),
        ),
      ],
    },
    {
      title: 'Power budgets for battery projects',
      category: 'guide',
      excerpt:
        'How long will it run on two AA cells? Measure the current, add up the phases, and divide.',
      body: [
        richText(
          paragraph(
            'A board that draws 25 mA empties a 2000 mAh battery in three days. Sleeping between readings turns that into months.',
          ),
          heading(2, 'Measure, then add up'),
          steps([
            'Put a multimeter in series with the battery, on the mA range.',
            'Note the current while measuring, while transmitting, and while asleep.',
            'Time each phase over one cycle.',
            'Average the current over the cycle and divide the capacity by it.',
          ]),
        ),
        table(
          'One cycle of a sensor that reports every five minutes',
          ['Phase', 'Current', 'Duration', 'Charge (mAs)'],
          [
            ['Wake and measure', '22 mA', '0.5 s', '11'],
            ['Wi-Fi send', '110 mA', '1.5 s', '165'],
            ['Deep sleep', '0.045 mA', '298 s', '13.4'],
            ['Total', '', '300 s', '189.4'],
          ],
        ),
        richText(
          paragraph(
            'That averages 0.63 mA, so a 2000 mAh pack lasts about ',
            bold('130 days'),
            ' before self-discharge and regulator losses. Halve it for a realistic estimate.',
          ),
        ),
      ],
    },
    {
      title: 'Debouncing buttons in software',
      category: 'guide',
      excerpt:
        'A push button bounces for a few milliseconds and your code sees ten presses. Two ways to see one.',
      body: [
        richText(
          paragraph(
            'Mechanical contacts bounce: for a few milliseconds after a press the input flips between high and low. Count edges naively and one press becomes several.',
          ),
          heading(2, 'Wait for the input to settle'),
          paragraph('Accept a change only once the input has held its new state for 20 ms:'),
          codeBlock(
            'cpp',
            `
const int BUTTON = 2;
int stable = HIGH, last = HIGH;
unsigned long changedAt = 0;

void setup() {
  pinMode(BUTTON, INPUT_PULLUP);
  Serial.begin(115200);
}

void loop() {
  int reading = digitalRead(BUTTON);
  if (reading != last) changedAt = millis();
  if (millis() - changedAt > 20 && reading != stable) {
    stable = reading;
    if (stable == LOW) Serial.println("pressed");
  }
  last = reading;
}
`,
          ),
          heading(2, 'Or let a library do it'),
          bullets([
            ['Arduino: the ', italic('Bounce2'), ' library.'],
            ['MicroPython: a timer callback that samples the pin every 5 ms.'],
          ]),
        ),
      ],
    },
    {
      title: 'Logging sensor data to a microSD card',
      category: 'guide',
      excerpt:
        'CSV lines, one per reading, flushed safely: how to log for weeks without corrupting the card.',
      body: [
        richText(
          paragraph(
            'A microSD card holds years of readings. The trick is writing in a way that survives a power cut.',
          ),
          heading(2, 'Format'),
          paragraph(
            'Write CSV with a header line and ISO 8601 timestamps; every spreadsheet and script reads it.',
          ),
          codeBlock(
            'python',
            `
import os
import time
from machine import SPI, Pin
import sdcard

sd = sdcard.SDCard(SPI(1, sck=Pin(10), mosi=Pin(11), miso=Pin(12)), Pin(13))
os.mount(sd, "/sd")

with open("/sd/log.csv", "a") as log:
    log.write("2025-10-01T12:00:00Z,21.4,48.2\\n")
    log.flush()
`,
          ),
          heading(2, 'Habits that save data'),
          bullets([
            'Flush after each line, or every few lines on slow cards.',
            'Start a new file each day so one bad file loses one day.',
            'Format cards as FAT32, not exFAT.',
          ]),
        ),
      ],
    },
    {
      title: 'Pull-up resistors explained',
      category: 'guide',
      excerpt: 'Why an unconnected input reads random values, and the resistor that fixes it.',
      body: [
        richText(
          paragraph(
            'An input pin connected to nothing floats: it picks up noise and reads high or low at random. A pull-up resistor gives it a default.',
          ),
          heading(2, 'How it works'),
          paragraph(
            'A resistor between the pin and the supply holds it high; a button to ground pulls it low when pressed. Most boards have internal pull-ups you can enable in code:',
          ),
          codeBlock('python', `button = Pin(15, Pin.IN, Pin.PULL_UP)`),
        ),
        table(
          'Which value to use',
          ['Use', 'Typical value', 'Why'],
          [
            ['Button input', '10 kΩ (or internal)', 'low current, good noise margin'],
            ['I²C lines', '4.7 kΩ', 'fast enough edges at 100–400 kHz'],
            ['1-Wire data', '4.7 kΩ', 'required by the protocol'],
          ],
        ),
      ],
    },
    {
      title: 'Using a multimeter to find a short',
      category: 'guide',
      excerpt:
        'Board gets hot or the USB port shuts down? Find the short with continuity mode before you power it again.',
      body: [
        richText(
          paragraph(
            'A short between power and ground is the most common reason a new build will not start. Find it with the power off.',
          ),
          steps([
            'Unplug everything and set the multimeter to continuity (the beep).',
            ['Probe between ', code('3V3'), ' and ', code('GND'), ': a steady beep means a short.'],
            'Remove modules one by one and probe again until the beep stops.',
            'Inspect the last module for solder bridges with a magnifier.',
          ]),
          quote(
            'A brief beep that fades is normal: it is the decoupling capacitors charging from the meter.',
          ),
        ),
      ],
    },
    {
      title: 'Deep sleep on the C3 Wi-Fi',
      category: 'guide',
      excerpt:
        'From 25 mA to 45 µA: put the C3 Wi-Fi to sleep between readings and wake it with a timer or a pin.',
      body: [
        richText(
          paragraph(
            'In deep sleep the C3 Wi-Fi keeps only its real-time clock running. Your sketch restarts from ',
            code('setup()'),
            ' at every wake-up.',
          ),
          codeBlock(
            'cpp',
            `
#define SLEEP_SECONDS 300

void setup() {
  Serial.begin(115200);
  // measure and send here
  esp_sleep_enable_timer_wakeup(SLEEP_SECONDS * 1000000ULL);
  esp_deep_sleep_start();
}

void loop() {}
`,
          ),
          heading(2, 'What survives a sleep'),
          bullets([
            ['Variables marked ', code('RTC_DATA_ATTR'), ' keep their value.'],
            'Everything else, Wi-Fi connection included, starts from scratch.',
          ]),
        ),
      ],
    },
    {
      title: 'Calibrating analog sensors',
      category: 'guide',
      excerpt:
        'Two reference points and a straight line turn raw ADC counts into units you can trust.',
      body: [
        richText(
          paragraph(
            'Analog sensors return a number, not a unit. A two-point calibration maps that number to the real quantity.',
          ),
          steps([
            'Measure the raw value at a known low point (dry air, ice water).',
            'Measure it at a known high point (water, boiling water).',
            'Fit a line through the two points and apply it to every reading.',
          ]),
          codeBlock(
            'python',
            `
def calibrate(raw, raw_low, raw_high, low, high):
    return low + (raw - raw_low) * (high - low) / (raw_high - raw_low)
`,
          ),
        ),
        table(
          'A soil probe calibrated at two points',
          ['Reference', 'Raw value', 'Meaning'],
          [
            ['Dry air', '52000', '0 %'],
            ['Glass of water', '26000', '100 %'],
            ['Pot after watering', '31200', '80 %'],
          ],
        ),
      ],
    },
    {
      title: 'Review: the Tinkerbench soldering station after a year',
      category: 'review',
      excerpt: 'Twelve months and a few thousand joints later: what held up, what we would change.',
      body: [
        richText(
          paragraph(
            'We have used the ',
            link('/products/soldering-station-60-w/', '60 W soldering station'),
            ' daily on the workshop bench for a year.',
          ),
          image(images.soldering),
          heading(2, 'What we liked'),
          bullets([
            'Heats from cold to 350 °C in under 30 seconds.',
            'Holds temperature on large ground planes.',
            'Tips are cheap and easy to swap.',
          ]),
          heading(2, 'What could be better'),
          bullets([
            'The stand is light and slides on smooth benches.',
            'The cable is stiff when cold.',
          ]),
        ),
        table(
          'Our measurements',
          ['Test', 'Result'],
          [
            ['Heat-up to 350 °C', '27 s'],
            ['Drop on a ground plane', '−12 °C, recovered in 3 s'],
            ['Idle power', '6 W'],
          ],
        ),
      ],
    },
    {
      title: 'Workshop news: soldering evenings in Lyon this autumn',
      category: 'news',
      excerpt:
        'Every second Thursday, bring a kit or a broken gadget and solder with us. Places are limited to twelve.',
      body: [
        richText(
          paragraph(
            'Our workshop opens its benches every second Thursday from 6 pm to 9 pm. Irons, fume extraction and coffee are on us.',
          ),
          bullets([
            'Beginners welcome: we start with a blinking LED kit.',
            'Bring broken gadgets for the repair corner.',
            ['Booking through the ', link('/workshops/', 'workshops page'), '.'],
          ]),
        ),
      ],
    },
  ].map((guide) => ({ ...guide, slug: slugify(guide.title) }));
}

module.exports = { guides };
