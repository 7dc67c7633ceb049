// Endpoints that misbehave, for the failure tests of tests/tst_live_dynalite.cpp. Prints
// "PORT <n>" once it listens (on 127.0.0.1 unless told otherwise); exits when its standard
// input closes.
//   node fake-endpoint.js html       HTTP 200 with an HTML page: not a DynamoDB endpoint
//   node fake-endpoint.js silent     accepts the connection and never answers (timeouts)
//   node fake-endpoint.js forbidden  rejects every request as AWS does for a wrong key
//   node fake-endpoint.js vanish [N] a table "Gone" whose partition is read 2 items a page;
//                                    the page after the first N (default 2) finds the table
//                                    deleted
//   node fake-endpoint.js repeat     pages that never end: ListTables answers no names and the
//                                    same LastEvaluatedTableName, Query and Scan no items and the
//                                    same LastEvaluatedKey, every time
//   node fake-endpoint.js endless    HTTP 200 whose body never ends (64 KiB a millisecond)
//   node fake-endpoint.js host [ADDRESS]  listens on ADDRESS (default 127.0.0.1; ::1 for the
//                                    IPv6 loopback); ListTables names one table: the Host
//                                    header it received
'use strict'
const http = require('http')
const mode = process.argv[2] || 'html'
const pagesBeforeVanishing = Number((mode === 'vanish' && process.argv[3]) || 2)
const address = (mode === 'host' && process.argv[3]) || '127.0.0.1'
let queries = 0

function json(response, status, body) {
  response.writeHead(status, {'Content-Type': 'application/x-amz-json-1.0'})
  response.end(JSON.stringify(body))
}

const goneTable = {Table: {
  TableName: 'Gone', TableStatus: 'ACTIVE',
  AttributeDefinitions: [{AttributeName: 'PK', AttributeType: 'S'},
                         {AttributeName: 'SK', AttributeType: 'S'}],
  KeySchema: [{AttributeName: 'PK', KeyType: 'HASH'}, {AttributeName: 'SK', KeyType: 'RANGE'}],
}}

function endless(response) {
  response.writeHead(200, {'Content-Type': 'application/x-amz-json-1.0'})
  response.write('{"TableNames": ["')
  const chunk = Buffer.alloc(64 * 1024, 'a')
  const timer = setInterval(() => response.write(chunk), 1)
  response.on('close', () => clearInterval(timer))
}

function repeat(response, target) {
  if (target === 'ListTables')
    return json(response, 200, {TableNames: [], LastEvaluatedTableName: 'Again'})
  if (target === 'DescribeTable')
    return json(response, 200, goneTable)
  if (target === 'Query' || target === 'Scan')
    return json(response, 200, {Items: [], Count: 0, ScannedCount: 0,
                                LastEvaluatedKey: {PK: {S: 'P'}, SK: {S: 'AGAIN'}}})
  return json(response, 400, {__type: 'com.amazonaws.dynamodb.v20120810#UnknownOperationException'})
}

function vanish(response, target) {
  if (target === 'DescribeTable')
    return json(response, 200, goneTable)
  if (target === 'Query') {
    queries += 1
    if (queries > pagesBeforeVanishing)
      return json(response, 400, {
        __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
        message: 'Requested resource not found',
      })
    const items = [1, 2].map((i) => ({PK: {S: 'P'}, SK: {S: 'ITEM#' + (queries * 2 + i - 2)}}))
    return json(response, 200, {Items: items, Count: 2, ScannedCount: 2,
                                LastEvaluatedKey: items[1]})
  }
  return json(response, 400, {__type: 'com.amazonaws.dynamodb.v20120810#UnknownOperationException'})
}

const server = http.createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => { body += chunk })
  request.on('end', () => {
    if (mode === 'silent')
      return
    if (mode === 'html') {
      response.writeHead(200, {'Content-Type': 'text/html'})
      return response.end('<html><body>It works!</body></html>')
    }
    if (mode === 'forbidden')
      return json(response, 400, {
        __type: 'com.amazon.coral.service#UnrecognizedClientException',
        message: 'The security token included in the request is invalid.',
      })
    if (mode === 'endless')
      return endless(response)
    if (mode === 'host')
      return json(response, 200, {TableNames: [request.headers.host || '']})
    const target = (request.headers['x-amz-target'] || '').split('.')[1]
    if (mode === 'repeat')
      return repeat(response, target)
    return vanish(response, target)
  })
})
server.on('error', (error) => {
  process.stdout.write('ERROR ' + error.code + '\n')
  process.exit(1)
})
server.listen(0, address, () => process.stdout.write('PORT ' + server.address().port + '\n'))
process.on('SIGTERM', () => process.exit(0))
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
