// Endpoints that misbehave, for the failure tests of tests/tst_live_dynalite.cpp. Prints
// "PORT <n>" once it listens on 127.0.0.1; exits when its standard input closes.
//   node fake-endpoint.js html       HTTP 200 with an HTML page: not a DynamoDB endpoint
//   node fake-endpoint.js silent     accepts the connection and never answers (timeouts)
//   node fake-endpoint.js forbidden  rejects every request as AWS does for a wrong key
//   node fake-endpoint.js vanish [N] a table "Gone" whose partition is read 2 items a page;
//                                    the page after the first N (default 2) finds the table
//                                    deleted
'use strict'
const http = require('http')
const mode = process.argv[2] || 'html'
const pagesBeforeVanishing = Number(process.argv[3] || 2)
let queries = 0

function json(response, status, body) {
  response.writeHead(status, {'Content-Type': 'application/x-amz-json-1.0'})
  response.end(JSON.stringify(body))
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
    const target = (request.headers['x-amz-target'] || '').split('.')[1]
    if (target === 'DescribeTable')
      return json(response, 200, {Table: {
        TableName: 'Gone', TableStatus: 'ACTIVE',
        AttributeDefinitions: [{AttributeName: 'PK', AttributeType: 'S'},
                               {AttributeName: 'SK', AttributeType: 'S'}],
        KeySchema: [{AttributeName: 'PK', KeyType: 'HASH'}, {AttributeName: 'SK', KeyType: 'RANGE'}],
      }})
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
  })
})
server.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\n'))
process.on('SIGTERM', () => process.exit(0))
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
