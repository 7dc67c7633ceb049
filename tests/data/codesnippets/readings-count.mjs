import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({});

const response = await client.send(
  new QueryCommand({
    TableName: "IoT",
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :sk)",
    ExpressionAttributeValues: {
      ":pk": { S: "DEVICE#D-7731" },
      ":sk": { S: "#READING#" },
    },
    Select: "COUNT",
  }),
);
console.log(response.Count);
console.log(response.LastEvaluatedKey);
