/**
 * Pages are rendered by React's production build: React picks its build by NODE_ENV the first time it loads, and its
 * development build renders the same markup several times slower, checking as it goes. The first import of every entry
 * point that can load React (the CLI, each build worker), so that it runs before React does.
 */
process.env.NODE_ENV = 'production';
