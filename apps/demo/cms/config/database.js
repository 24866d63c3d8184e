const { demoSettings } = require('../demo-settings');

// The site's read-only adapter opens the same database (demo-settings.js). On SQLite both
// processes share one file: WAL lets the site read while Strapi writes, and the busy timeout
// covers the moments a checkpoint needs the file to itself.
module.exports = () => {
  const database = demoSettings().database;
  if (database.client === 'sqlite') {
    return {
      connection: {
        client: 'sqlite',
        connection: { filename: database.filename },
        useNullAsDefault: true,
        pool: {
          afterCreate(connection, done) {
            try {
              connection.pragma('journal_mode = WAL');
              connection.pragma('busy_timeout = 10000');
              done(null, connection);
            } catch (error) {
              done(error, connection);
            }
          },
        },
      },
    };
  }
  return {
    connection: {
      client: 'postgres',
      connection: database.connection,
      pool: { min: 0, max: 10 },
    },
  };
};
