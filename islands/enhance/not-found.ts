// The not-found page reports the path that was asked for, so broken links show up in the console and in monitoring.
console.error('404 Error: User attempted to access non-existent route:', location.pathname);
