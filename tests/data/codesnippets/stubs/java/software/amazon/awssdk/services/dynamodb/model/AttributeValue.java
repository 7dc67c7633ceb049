package software.amazon.awssdk.services.dynamodb.model;
import java.util.*;
import software.amazon.awssdk.core.SdkBytes;
public final class AttributeValue {
    private final String text;
    private AttributeValue(String text) { this.text = text; }
    public String toString() { return text; }
    public static Builder builder() { return new Builder(); }
    public static final class Builder {
        private String text = "?";
        private static String q(String s) { return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t").replace("\u0001", "\\u0001") + "\""; }
        private static String list(Collection<?> values, boolean quote) {
            StringJoiner j = new StringJoiner(",", "[", "]");
            for (Object v : values) j.add(quote ? q(v.toString()) : v.toString());
            return j.toString();
        }
        public Builder s(String v) { text = "{\"S\":" + q(v) + "}"; return this; }
        public Builder n(String v) { text = "{\"N\":" + q(v) + "}"; return this; }
        public Builder b(SdkBytes v) { text = "{\"B\":" + q(v.toString()) + "}"; return this; }
        public Builder bool(Boolean v) { text = "{\"BOOL\":" + v + "}"; return this; }
        public Builder nul(Boolean v) { text = "{\"NULL\":" + v + "}"; return this; }
        public Builder ss(String... v) { text = "{\"SS\":" + list(Arrays.asList(v), true) + "}"; return this; }
        public Builder ns(String... v) { text = "{\"NS\":" + list(Arrays.asList(v), true) + "}"; return this; }
        public Builder bs(SdkBytes... v) { text = "{\"BS\":" + list(Arrays.asList(v), true) + "}"; return this; }
        public Builder l(AttributeValue... v) { return l(Arrays.asList(v)); }
        public Builder l(Collection<AttributeValue> v) { text = "{\"L\":" + list(v, false) + "}"; return this; }
        public Builder m(Map<String, AttributeValue> v) { text = "{\"M\":" + QueryRequest.map(v) + "}"; return this; }
        public AttributeValue build() { return new AttributeValue(text); }
    }
}
