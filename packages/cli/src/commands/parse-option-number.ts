import { InvalidArgumentError } from 'commander';

/** A commander option parser for positive integers (`--sample 10`). */
export function positiveIntegerOption(name: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number < 1)
      throw new InvalidArgumentError(`${name} must be a positive integer`);
    return number;
  };
}

/** Seconds given on the command line, as milliseconds. */
export function secondsOption(name: string) {
  return (value: string): number => {
    const seconds = Number(value);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new InvalidArgumentError(`${name} must be a positive number of seconds`);
    return Math.ceil(seconds * 1000);
  };
}
