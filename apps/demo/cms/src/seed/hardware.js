// The boards and sensors the project articles combine, with what each article needs to know
// about them in English and French: wiring, a code listing per language, a tip, ideas.

const boards = [
  {
    key: 'rp2040-mini',
    name: 'RP2040 Mini',
    product: 'rp2040-mini',
    language: 'python',
    runtime: 'MicroPython',
    file: 'main.py',
    logic: '3.3 V',
    pins: { power: '3V3', ground: 'GND', sda: 'GP4', scl: 'GP5', digital: 'GP15', trigger: 'GP14' },
    analog: { pin: 'GP26', code: '26' },
    flash: {
      en: 'Hold BOOTSEL while you plug the board in, drop the MicroPython UF2 file on the drive that appears, then open Thonny and save the listing below to the board as main.py.',
      fr: 'Maintenez BOOTSEL en branchant la carte, déposez le fichier UF2 de MicroPython sur le lecteur qui apparaît, puis ouvrez Thonny et enregistrez le programme ci-dessous sur la carte sous le nom main.py.',
    },
    pinCode: { sda: '4', scl: '5', digital: '15', trigger: '14', wireBegin: '' },
  },
  {
    key: 'c3-wifi',
    name: 'C3 Wi-Fi',
    product: 'c3-wi-fi',
    language: 'cpp',
    runtime: 'the Arduino core for ESP32',
    file: 'sketch.ino',
    logic: '3.3 V',
    pins: {
      power: '3V3',
      ground: 'GND',
      sda: 'GPIO8',
      scl: 'GPIO9',
      digital: 'GPIO4',
      trigger: 'GPIO5',
    },
    analog: { pin: 'GPIO2', code: '2' },
    flash: {
      en: 'In the Arduino IDE, add the ESP32 boards package, pick "ESP32C3 Dev Module", enable "USB CDC On Boot" so the serial monitor works over the USB port, and upload the sketch.',
      fr: "Dans l'IDE Arduino, ajoutez le paquet de cartes ESP32, choisissez « ESP32C3 Dev Module », activez « USB CDC On Boot » pour que le moniteur série passe par le port USB, puis téléversez le croquis.",
    },
    pinCode: { sda: '8', scl: '9', digital: '4', trigger: '5', wireBegin: 'Wire.begin(8, 9);' },
  },
  {
    key: 'uno-r4',
    name: 'Uno R4 Minima',
    product: 'uno-r4-minima',
    language: 'cpp',
    runtime: 'the Arduino IDE',
    file: 'sketch.ino',
    logic: '5 V',
    pins: { power: '5V', ground: 'GND', sda: 'SDA', scl: 'SCL', digital: 'D2', trigger: 'D3' },
    analog: { pin: 'A0', code: 'A0' },
    flash: {
      en: 'Install the "Arduino UNO R4 Boards" package from the boards manager, select the board and its port, and upload the sketch.',
      fr: 'Installez le paquet « Arduino UNO R4 Boards » depuis le gestionnaire de cartes, sélectionnez la carte et son port, puis téléversez le croquis.',
    },
    pinCode: { sda: 'SDA', scl: 'SCL', digital: '2', trigger: '3', wireBegin: 'Wire.begin();' },
  },
];

/**
 * `wires`: [sensor pin, board pin role]; `columns`/`row`: the bench readings table; `python`
 * and `cpp`: listings, with {sda} {scl} {digital} {trigger} {analog} {wireBegin} replaced by
 * the board's pins.
 */
const sensors = [
  {
    key: 'dht22',
    name: 'DHT22',
    en: { a: 'a DHT22', the: 'the DHT22' },
    fr: { a: 'un DHT22', the: 'le DHT22' },
    product: 'dht22-sensor',
    kind: { en: 'temperature and humidity sensor', fr: "capteur de température et d'humidité" },
    measures: {
      en: 'temperature and relative humidity',
      fr: "la température et l'humidité relative",
    },
    bus: {
      en: 'a single-wire protocol of its own',
      fr: 'un protocole à un fil qui lui est propre',
    },
    wires: [
      ['VCC', 'power'],
      ['DATA', 'digital'],
      ['GND', 'ground'],
    ],
    columns: {
      en: ['Minute', 'Temperature (°C)', 'Humidity (%)'],
      fr: ['Minute', 'Température (°C)', 'Humidité (%)'],
    },
    row: (random, minute) => [
      minute,
      (21 + minute * 0.05 + random.next() * 0.4).toFixed(1),
      (48 - minute * 0.1 + random.next() * 1.5).toFixed(1),
    ],
    tip: {
      en: 'Read the DHT22 at most every two seconds: faster reads return the previous value or fail with a checksum error.',
      fr: "Ne lisez pas le DHT22 plus d'une fois toutes les deux secondes : plus vite, il renvoie la valeur précédente ou échoue sur une erreur de somme de contrôle.",
    },
    python: `
import dht
import time
from machine import Pin

sensor = dht.DHT22(Pin({digital}))

while True:
    sensor.measure()
    print("temperature", sensor.temperature(), "humidity", sensor.humidity())
    time.sleep(2)
`,
    cpp: `
#include <DHT.h>

DHT dht({digital}, DHT22);

void setup() {
  Serial.begin(115200);
  dht.begin();
}

void loop() {
  Serial.print("temperature ");
  Serial.print(dht.readTemperature());
  Serial.print(" humidity ");
  Serial.println(dht.readHumidity());
  delay(2000);
}
`,
    ideas: {
      en: [
        'Log a reading every minute to a microSD card and plot a week of data.',
        'Switch a fan on above 60 % humidity with a relay module.',
        'Add a small OLED display to read the values without a computer.',
      ],
      fr: [
        'Enregistrez une mesure par minute sur une carte microSD et tracez une semaine de données.',
        "Allumez un ventilateur au-delà de 60 % d'humidité avec un module relais.",
        'Ajoutez un petit écran OLED pour lire les valeurs sans ordinateur.',
      ],
    },
  },
  {
    key: 'bme280',
    name: 'BME280',
    en: { a: 'a BME280', the: 'the BME280' },
    fr: { a: 'un BME280', the: 'le BME280' },
    product: 'bme280-breakout',
    kind: { en: 'pressure sensor', fr: 'capteur de pression' },
    measures: {
      en: 'air pressure, temperature and humidity',
      fr: "la pression atmosphérique, la température et l'humidité",
    },
    bus: { en: 'I²C', fr: 'I²C' },
    wires: [
      ['VIN', 'power'],
      ['GND', 'ground'],
      ['SDA', 'sda'],
      ['SCL', 'scl'],
    ],
    columns: {
      en: ['Minute', 'Pressure (hPa)', 'Temperature (°C)'],
      fr: ['Minute', 'Pression (hPa)', 'Température (°C)'],
    },
    row: (random, minute) => [
      minute,
      (1013.2 - minute * 0.04 + random.next() * 0.2).toFixed(1),
      (20.4 + random.next() * 0.3).toFixed(1),
    ],
    tip: {
      en: 'Most BME280 breakouts answer at I²C address 0x76; if yours stays silent, try 0x77 (the SDO pin selects it).',
      fr: "La plupart des modules BME280 répondent à l'adresse I²C 0x76 ; si le vôtre reste muet, essayez 0x77 (c'est la broche SDO qui choisit).",
    },
    python: `
import time
from machine import I2C, Pin
from bme280 import BME280  # the micropython-bme280 package

i2c = I2C(0, sda=Pin({sda}), scl=Pin({scl}))
sensor = BME280(i2c=i2c, address=0x76)

while True:
    temperature, pressure, humidity = sensor.values
    print(pressure, temperature, humidity)
    time.sleep(5)
`,
    cpp: `
#include <Wire.h>
#include <Adafruit_BME280.h>

Adafruit_BME280 bme;

void setup() {
  Serial.begin(115200);
  {wireBegin}
  if (!bme.begin(0x76)) {
    Serial.println("BME280 not found, check the wiring and the address");
    while (true) delay(1000);
  }
}

void loop() {
  Serial.print(bme.readPressure() / 100.0);
  Serial.print(" hPa, ");
  Serial.print(bme.readTemperature());
  Serial.println(" C");
  delay(5000);
}
`,
    ideas: {
      en: [
        'Turn the pressure trend of the last three hours into a simple weather forecast.',
        'Estimate altitude from pressure and check it on a staircase.',
        'Send the readings to a dashboard over Wi-Fi every five minutes.',
      ],
      fr: [
        'Transformez la tendance de pression des trois dernières heures en prévision météo simple.',
        "Estimez l'altitude à partir de la pression et vérifiez-la dans un escalier.",
        'Envoyez les mesures vers un tableau de bord en Wi-Fi toutes les cinq minutes.',
      ],
    },
  },
  {
    key: 'vl53l0x',
    name: 'VL53L0X',
    en: { a: 'a VL53L0X', the: 'the VL53L0X' },
    fr: { a: 'un VL53L0X', the: 'le VL53L0X' },
    product: 'vl53l0x-tof-sensor',
    kind: { en: 'time-of-flight distance sensor', fr: 'capteur de distance à temps de vol' },
    measures: {
      en: 'distances up to about two metres with a laser pulse',
      fr: "des distances jusqu'à environ deux mètres grâce à une impulsion laser",
    },
    bus: { en: 'I²C', fr: 'I²C' },
    wires: [
      ['VIN', 'power'],
      ['GND', 'ground'],
      ['SDA', 'sda'],
      ['SCL', 'scl'],
    ],
    columns: {
      en: ['Target', 'Tape measure (mm)', 'Sensor (mm)'],
      fr: ['Cible', 'Mètre ruban (mm)', 'Capteur (mm)'],
    },
    row: (random, minute) => {
      const distance = 100 + minute * 25;
      return [minute + 1, distance, distance + random.int(-6, 9)];
    },
    tip: {
      en: 'Peel off the protective film over the sensor window: left on, it reflects the pulse and every reading comes out short.',
      fr: 'Retirez le film protecteur de la fenêtre du capteur : laissé en place, il renvoie l’impulsion et toutes les mesures sont trop courtes.',
    },
    python: `
import time
from machine import I2C, Pin
from vl53l0x import VL53L0X  # the micropython vl53l0x driver

i2c = I2C(0, sda=Pin({sda}), scl=Pin({scl}))
tof = VL53L0X(i2c)
tof.start()

while True:
    print("distance", tof.read(), "mm")
    time.sleep(0.2)
`,
    cpp: `
#include <Wire.h>
#include <VL53L0X.h>

VL53L0X tof;

void setup() {
  Serial.begin(115200);
  {wireBegin}
  tof.setTimeout(500);
  tof.init();
  tof.startContinuous();
}

void loop() {
  Serial.print("distance ");
  Serial.print(tof.readRangeContinuousMillimeters());
  Serial.println(" mm");
  delay(200);
}
`,
    ideas: {
      en: [
        'Build a parking helper that lights a red LED below 30 cm.',
        'Count people passing a doorway from the dips in distance.',
        'Measure the fill level of a grain bin from the lid.',
      ],
      fr: [
        'Construisez une aide au stationnement qui allume une LED rouge sous 30 cm.',
        'Comptez les passages dans un couloir grâce aux creux de distance.',
        "Mesurez le niveau d'un silo à grain depuis son couvercle.",
      ],
    },
  },
  {
    key: 'soil-moisture',
    name: 'capacitive soil probe',
    en: { a: 'a capacitive soil probe', the: 'the soil probe' },
    fr: { a: 'une sonde capacitive d’humidité du sol', the: 'la sonde' },
    product: 'soil-moisture-sensor',
    kind: { en: 'soil moisture sensor', fr: "capteur d'humidité du sol" },
    measures: {
      en: 'how wet the soil around a plant is, without corroding like resistive probes',
      fr: "l'humidité de la terre autour d'une plante, sans se corroder comme les sondes résistives",
    },
    bus: { en: 'an analog voltage', fr: 'une tension analogique' },
    wires: [
      ['VCC', 'power'],
      ['GND', 'ground'],
      ['AOUT', 'analog'],
    ],
    columns: {
      en: ['Minute', 'Raw value', 'Moisture (%)'],
      fr: ['Minute', 'Valeur brute', 'Humidité (%)'],
    },
    row: (random, minute) => {
      const raw = 41000 - minute * 180 + random.int(-200, 200);
      return [minute, raw, Math.round(((52000 - raw) / 26000) * 100)];
    },
    tip: {
      en: 'Calibrate once: note the value in dry air and in a glass of water, and map readings between the two.',
      fr: "Étalonnez une fois : notez la valeur à l'air sec et dans un verre d'eau, puis ramenez les mesures entre ces deux bornes.",
    },
    python: `
import time
from machine import ADC

sensor = ADC({analog})
DRY, WET = 52000, 26000  # your calibration values

while True:
    raw = sensor.read_u16()
    moisture = (DRY - raw) * 100 // (DRY - WET)
    print("raw", raw, "moisture", moisture, "%")
    time.sleep(60)
`,
    cpp: `
const int DRY = 3300;  // your calibration values
const int WET = 1500;

void setup() {
  Serial.begin(115200);
}

void loop() {
  int raw = analogRead({analog});
  int moisture = map(raw, DRY, WET, 0, 100);
  Serial.print("raw ");
  Serial.print(raw);
  Serial.print(" moisture ");
  Serial.print(constrain(moisture, 0, 100));
  Serial.println(" %");
  delay(60000);
}
`,
    ideas: {
      en: [
        'Drive a small pump through a MOSFET when the soil drops below 30 %.',
        'Power the sensor from a GPIO pin only while measuring to save battery.',
        'Compare three pots with different soils over a week.',
      ],
      fr: [
        'Commandez une petite pompe via un MOSFET quand la terre passe sous 30 %.',
        "N'alimentez le capteur par une broche GPIO que pendant la mesure pour économiser la batterie.",
        'Comparez trois pots avec des terres différentes pendant une semaine.',
      ],
    },
  },
  {
    key: 'pir',
    name: 'HC-SR501',
    en: { a: 'an HC-SR501 PIR sensor', the: 'the HC-SR501' },
    fr: { a: 'un détecteur PIR HC-SR501', the: 'le HC-SR501' },
    product: 'pir-motion-sensor',
    kind: { en: 'motion sensor', fr: 'détecteur de mouvement' },
    measures: {
      en: 'movement of warm bodies in front of it',
      fr: 'le mouvement des corps chauds devant lui',
    },
    bus: {
      en: 'a digital output that goes high on motion',
      fr: 'une sortie numérique qui passe à l’état haut au moindre mouvement',
    },
    wires: [
      ['VCC', 'power'],
      ['OUT', 'digital'],
      ['GND', 'ground'],
    ],
    columns: {
      en: ['Trial', 'Distance (m)', 'Detected'],
      fr: ['Essai', 'Distance (m)', 'Détecté'],
    },
    row: (random, minute) => {
      const distance = 1 + minute * 0.5;
      return [minute + 1, distance.toFixed(1), distance <= 5 || random.next() > 0.7 ? '✓' : '✗'];
    },
    tip: {
      en: 'Give the sensor a full minute after power-up: it calibrates to the room and fires at random until then.',
      fr: "Laissez une bonne minute au capteur après la mise sous tension : il s'étalonne sur la pièce et se déclenche au hasard jusque-là.",
    },
    python: `
import time
from machine import Pin

pir = Pin({digital}, Pin.IN)
last = 0

while True:
    state = pir.value()
    if state and not last:
        print("motion at", time.ticks_ms() // 1000, "s")
    last = state
    time.sleep(0.05)
`,
    cpp: `
const int PIR_PIN = {digital};
int last = LOW;

void setup() {
  Serial.begin(115200);
  pinMode(PIR_PIN, INPUT);
}

void loop() {
  int state = digitalRead(PIR_PIN);
  if (state == HIGH && last == LOW) {
    Serial.print("motion at ");
    Serial.print(millis() / 1000);
    Serial.println(" s");
  }
  last = state;
  delay(50);
}
`,
    ideas: {
      en: [
        'Light a hallway LED strip for thirty seconds after each movement.',
        'Count visits to a bird feeder through the day.',
        'Wake a battery board from deep sleep on the PIR output.',
      ],
      fr: [
        'Allumez un ruban LED de couloir pendant trente secondes après chaque mouvement.',
        "Comptez les visites d'une mangeoire à oiseaux au fil de la journée.",
        'Réveillez une carte sur batterie de son sommeil profond grâce à la sortie du PIR.',
      ],
    },
  },
  {
    key: 'ldr',
    name: 'GL5528',
    en: { a: 'a GL5528 photoresistor', the: 'the photoresistor' },
    fr: { a: 'une photorésistance GL5528', the: 'la photorésistance' },
    product: 'sensor-starter-pack',
    kind: { en: 'light sensor', fr: 'capteur de lumière' },
    measures: {
      en: 'ambient light, as a resistance that drops in brighter light',
      fr: 'la lumière ambiante, sous la forme d’une résistance qui baisse quand la lumière augmente',
    },
    bus: {
      en: 'an analog voltage from a divider with a 10 kΩ resistor',
      fr: 'une tension analogique issue d’un pont diviseur avec une résistance de 10 kΩ',
    },
    wires: [
      ['leg 1', 'power'],
      ['leg 2 + 10 kΩ to GND', 'analog'],
      ['10 kΩ', 'ground'],
    ],
    columns: {
      en: ['Hour', 'Raw value', 'Light'],
      fr: ['Heure', 'Valeur brute', 'Lumière'],
    },
    row: (random, minute) => {
      const hour = 6 + minute;
      const raw = Math.max(
        300,
        Math.round(4000 * Math.sin(((hour - 6) / 14) * Math.PI)) + random.int(0, 200),
      );
      return [`${hour}:00`, raw, raw > 2500 ? 'bright' : raw > 1000 ? 'dim' : 'dark'];
    },
    tip: {
      en: 'A photoresistor is slow and imprecise; it tells day from night and a lamp from none, not lux.',
      fr: 'Une photorésistance est lente et imprécise : elle distingue le jour de la nuit et une lampe allumée d’une éteinte, pas des lux.',
    },
    python: `
import time
from machine import ADC

light = ADC({analog})

while True:
    value = light.read_u16()
    print("light", value, "bright" if value > 40000 else "dark")
    time.sleep(1)
`,
    cpp: `
void setup() {
  Serial.begin(115200);
}

void loop() {
  int value = analogRead({analog});
  Serial.print("light ");
  Serial.println(value);
  delay(1000);
}
`,
    ideas: {
      en: [
        'Switch a night light on at dusk with some hysteresis so it does not flicker.',
        'Log sunrise and sunset times across a month.',
        'Dim a display when the room gets dark.',
      ],
      fr: [
        'Allumez une veilleuse au crépuscule, avec une hystérésis pour éviter le clignotement.',
        'Notez les heures de lever et de coucher du soleil pendant un mois.',
        "Baissez la luminosité d'un écran quand la pièce s'assombrit.",
      ],
    },
  },
  {
    key: 'hc-sr04',
    name: 'HC-SR04',
    en: { a: 'an HC-SR04 ultrasonic sensor', the: 'the HC-SR04' },
    fr: { a: 'un capteur à ultrasons HC-SR04', the: 'le HC-SR04' },
    product: 'hc-sr04-ultrasonic',
    kind: { en: 'ultrasonic distance sensor', fr: 'capteur de distance à ultrasons' },
    measures: {
      en: 'distance from the echo of a 40 kHz chirp',
      fr: "la distance grâce à l'écho d'une salve à 40 kHz",
    },
    bus: {
      en: 'a trigger pulse and an echo pulse whose length is the distance',
      fr: "une impulsion de déclenchement et une impulsion d'écho dont la durée donne la distance",
    },
    wires: [
      ['VCC', 'power'],
      ['TRIG', 'trigger'],
      ['ECHO (through a divider on 3.3 V boards)', 'digital'],
      ['GND', 'ground'],
    ],
    columns: {
      en: ['Target', 'Tape measure (cm)', 'Sensor (cm)'],
      fr: ['Cible', 'Mètre ruban (cm)', 'Capteur (cm)'],
    },
    row: (random, minute) => {
      const distance = 10 + minute * 20;
      return [minute + 1, distance, (distance + random.next() * 2 - 0.8).toFixed(1)];
    },
    tip: {
      en: 'The HC-SR04 echo pin outputs 5 V: on a 3.3 V board, put a 1 kΩ / 2 kΩ divider in front of the input.',
      fr: "La broche ECHO du HC-SR04 sort du 5 V : sur une carte en 3,3 V, placez un pont diviseur 1 kΩ / 2 kΩ devant l'entrée.",
    },
    python: `
import time
from machine import Pin, time_pulse_us

trigger = Pin({trigger}, Pin.OUT)
echo = Pin({digital}, Pin.IN)

while True:
    trigger.value(1)
    time.sleep_us(10)
    trigger.value(0)
    duration = time_pulse_us(echo, 1, 30000)
    print("distance", duration / 58, "cm")
    time.sleep(0.5)
`,
    cpp: `
const int TRIG = {trigger};
const int ECHO = {digital};

void setup() {
  Serial.begin(115200);
  pinMode(TRIG, OUTPUT);
  pinMode(ECHO, INPUT);
}

void loop() {
  digitalWrite(TRIG, HIGH);
  delayMicroseconds(10);
  digitalWrite(TRIG, LOW);
  long duration = pulseIn(ECHO, HIGH, 30000);
  Serial.print("distance ");
  Serial.print(duration / 58.0);
  Serial.println(" cm");
  delay(500);
}
`,
    ideas: {
      en: [
        'Mount it on a servo and sweep it to map a room.',
        'Measure the water level of a rain barrel from above.',
        'Make a theremin: map the distance to the pitch of a buzzer.',
      ],
      fr: [
        'Montez-le sur un servomoteur et balayez la pièce pour la cartographier.',
        "Mesurez le niveau d'eau d'un récupérateur de pluie par le dessus.",
        'Fabriquez un thérémine : associez la distance à la hauteur du son d’un buzzer.',
      ],
    },
  },
  {
    key: 'ds18b20',
    name: 'DS18B20',
    en: { a: 'a DS18B20 waterproof probe', the: 'the DS18B20' },
    fr: { a: 'une sonde étanche DS18B20', the: 'la sonde DS18B20' },
    product: 'ds18b20-probe',
    kind: { en: 'waterproof temperature probe', fr: 'sonde de température étanche' },
    measures: {
      en: 'temperature in liquids and soil, to ±0.5 °C',
      fr: 'la température dans les liquides et la terre, à ±0,5 °C près',
    },
    bus: {
      en: '1-Wire, with a 4.7 kΩ pull-up resistor on the data line',
      fr: 'le bus 1-Wire, avec une résistance de tirage de 4,7 kΩ sur la ligne de données',
    },
    wires: [
      ['red (VDD)', 'power'],
      ['yellow (DATA) + 4.7 kΩ to VDD', 'digital'],
      ['black (GND)', 'ground'],
    ],
    columns: {
      en: ['Minute', 'Probe in water (°C)', 'Kitchen thermometer (°C)'],
      fr: ['Minute', "Sonde dans l'eau (°C)", 'Thermomètre de cuisine (°C)'],
    },
    row: (random, minute) => {
      const temperature = 62 - minute * 1.8;
      return [minute, (temperature + random.next() * 0.3).toFixed(2), temperature.toFixed(1)];
    },
    tip: {
      en: 'Several probes can share one data pin: each has a unique 64-bit address, and the scan returns them all.',
      fr: 'Plusieurs sondes peuvent partager une même broche : chacune a une adresse unique sur 64 bits et la recherche les renvoie toutes.',
    },
    python: `
import time
import ds18x20
import onewire
from machine import Pin

bus = ds18x20.DS18X20(onewire.OneWire(Pin({digital})))
probes = bus.scan()

while True:
    bus.convert_temp()
    time.sleep_ms(750)
    for probe in probes:
        print(probe.hex(), bus.read_temp(probe))
    time.sleep(5)
`,
    cpp: `
#include <OneWire.h>
#include <DallasTemperature.h>

OneWire oneWire({digital});
DallasTemperature probes(&oneWire);

void setup() {
  Serial.begin(115200);
  probes.begin();
}

void loop() {
  probes.requestTemperatures();
  Serial.print("temperature ");
  Serial.println(probes.getTempCByIndex(0));
  delay(5000);
}
`,
    ideas: {
      en: [
        'Watch an aquarium and raise an alert outside 24–28 °C.',
        'Follow the temperature of a compost heap at two depths.',
        'Log a sous-vide bath to check how steady the heater holds.',
      ],
      fr: [
        'Surveillez un aquarium et déclenchez une alerte en dehors de 24 à 28 °C.',
        "Suivez la température d'un compost à deux profondeurs.",
        'Enregistrez un bain de cuisson sous vide pour vérifier la stabilité du chauffage.',
      ],
    },
  },
];

module.exports = { boards, sensors };
