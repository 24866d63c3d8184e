// Express 4 installed under an alias for the compatibility suite; its API as used there is the
// one Express 5's types describe.
declare module 'express4' {
  import express from 'express';
  export default express;
}
