// Answers every request with HTTP 200 and an HTML page: something that is not a DynamoDB
// endpoint, for the malformed-response test; with --silent it never answers (timeout test).
// Prints "PORT <n>".
'use strict'
const http = require('http')
const silent = process.argv.includes('--silent')
const server = http.createServer((request, response) => {
  if (silent)
    return
  response.writeHead(200, {'Content-Type': 'text/html'})
  response.end('<html><body>It works!</body></html>')
})
server.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\n'))
process.on('SIGTERM', () => process.exit(0))
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
