import boto3

client = boto3.client("dynamodb")

response = client.query(
    TableName="IoT",
    KeyConditionExpression="PK = :pk AND begins_with(SK, :sk)",
    ExpressionAttributeValues={
        ":pk": {"S": "DEVICE#D-7731"},
        ":sk": {"S": "#READING#"},
    },
)
for item in response["Items"]:
    print(item)
print(response.get("LastEvaluatedKey"))
