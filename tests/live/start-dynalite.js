// Starts dynalite (in memory) on 127.0.0.1 on a free port chosen by the system and prints
// "PORT <n>" once it listens. Used by tests/tst_live_dynalite.cpp; stops on SIGTERM/SIGINT or
// when its standard input closes (so a crashed test never leaves it running).
'use strict'
const dynalite = require('dynalite')

const server = dynalite({createTableMs: 0, deleteTableMs: 0, updateTableMs: 0})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write('PORT ' + server.address().port + '\n')
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop)
process.stdin.resume()
