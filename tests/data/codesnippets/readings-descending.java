import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

import java.util.Map;

DynamoDbClient client = DynamoDbClient.create();

QueryRequest request = QueryRequest.builder()
        .tableName("IoT")
        .keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
        .expressionAttributeValues(Map.of(
                ":pk", AttributeValue.builder().s("DEVICE#D-7731").build(),
                ":sk", AttributeValue.builder().s("#READING#").build()))
        .scanIndexForward(false)
        .limit(10)
        .build();

QueryResponse response = client.query(request);
response.items().forEach(System.out::println);
System.out.println(response.lastEvaluatedKey());
