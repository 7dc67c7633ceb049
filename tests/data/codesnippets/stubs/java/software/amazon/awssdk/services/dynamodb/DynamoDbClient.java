package software.amazon.awssdk.services.dynamodb;
import software.amazon.awssdk.services.dynamodb.model.*;
public final class DynamoDbClient {
    public static DynamoDbClient create() { return new DynamoDbClient(); }
    public QueryResponse query(QueryRequest request) {
        System.err.println("SENT " + request);
        return new QueryResponse();
    }
}
