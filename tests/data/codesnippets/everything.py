import boto3

client = boto3.client("dynamodb")

response = client.query(
    TableName="Orders",
    IndexName="GSI1",
    KeyConditionExpression="#pk = :pk AND #sk BETWEEN :lo AND :hi",
    FilterExpression="#st <> :st AND Total > :min",
    ProjectionExpression="#pk, #sk, #st, Total",
    ExpressionAttributeNames={"#pk": "GSI1PK", "#sk": "GSI1SK", "#st": "Status"},
    ExpressionAttributeValues={
        ":hi": {"S": "ORDER#2025"},
        ":lo": {"S": "ORDER#2024"},
        ":min": {"N": "9.5"},
        ":pk": {"S": "CUSTOMER#O'Brien"},
        ":st": {"S": "CANCELLED"},
    },
    ScanIndexForward=False,
    Limit=25,
    ExclusiveStartKey={
        "GSI1PK": {"S": "CUSTOMER#O'Brien"},
        "GSI1SK": {"S": "ORDER#2024-06"},
        "PK": {"S": "ORDER#42"},
        "SK": {"S": "ORDER#42"},
    },
    Select="ALL_PROJECTED_ATTRIBUTES",
    ConsistentRead=True,
    ReturnConsumedCapacity="INDEXES",
)
for item in response["Items"]:
    print(item)
print(response.get("LastEvaluatedKey"))
