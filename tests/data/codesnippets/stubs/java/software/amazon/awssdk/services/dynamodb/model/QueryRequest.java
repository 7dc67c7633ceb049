package software.amazon.awssdk.services.dynamodb.model;
import java.util.*;
public final class QueryRequest {
    private final Map<String, String> members;
    private QueryRequest(Map<String, String> members) { this.members = members; }
    static String q(String s) { return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\""; }
    static String map(Map<String, ?> m) {
        StringJoiner j = new StringJoiner(",", "{", "}");
        for (Map.Entry<String, ?> e : new TreeMap<String, Object>(m).entrySet())
            j.add(q(e.getKey()) + ":" + (e.getValue() instanceof String s ? q(s) : e.getValue().toString()));
        return j.toString();
    }
    public String toString() {
        StringJoiner j = new StringJoiner(",", "{", "}");
        members.forEach((k, v) -> j.add(q(k) + ":" + v));
        return j.toString();
    }
    public static Builder builder() { return new Builder(); }
    public static final class Builder {
        private final Map<String, String> m = new LinkedHashMap<>();
        public Builder tableName(String v) { m.put("TableName", q(v)); return this; }
        public Builder indexName(String v) { m.put("IndexName", q(v)); return this; }
        public Builder keyConditionExpression(String v) { m.put("KeyConditionExpression", q(v)); return this; }
        public Builder filterExpression(String v) { m.put("FilterExpression", q(v)); return this; }
        public Builder projectionExpression(String v) { m.put("ProjectionExpression", q(v)); return this; }
        public Builder expressionAttributeNames(Map<String, String> v) { m.put("ExpressionAttributeNames", map(v)); return this; }
        public Builder expressionAttributeValues(Map<String, AttributeValue> v) { m.put("ExpressionAttributeValues", map(v)); return this; }
        public Builder scanIndexForward(Boolean v) { m.put("ScanIndexForward", v.toString()); return this; }
        public Builder limit(Integer v) { m.put("Limit", v.toString()); return this; }
        public Builder exclusiveStartKey(Map<String, AttributeValue> v) { m.put("ExclusiveStartKey", map(v)); return this; }
        public Builder select(String v) { m.put("Select", q(v)); return this; }
        public Builder consistentRead(Boolean v) { m.put("ConsistentRead", v.toString()); return this; }
        public Builder returnConsumedCapacity(String v) { m.put("ReturnConsumedCapacity", q(v)); return this; }
        public QueryRequest build() { return new QueryRequest(m); }
    }
}
