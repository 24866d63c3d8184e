export {
  booleanOption,
  documented,
  httpUrlOption,
  integerOption,
  languageTagOption,
  nonEmptyString,
  offOr,
  oneOf,
  optionsObject,
  stringOption,
  unknownKeyWording,
  type OptionDoc,
} from './option-schemas';
export * from './parse-options';
export {
  optionDocOf,
  optionsOf,
  renderOptionsTable,
  replaceGeneratedTable,
  undocumentedOptions,
  type OptionsTableSettings,
} from './render-options-table';
