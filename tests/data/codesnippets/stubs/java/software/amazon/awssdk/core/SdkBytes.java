package software.amazon.awssdk.core;
public final class SdkBytes {
    private final byte[] bytes;
    private SdkBytes(byte[] bytes) { this.bytes = bytes; }
    public static SdkBytes fromByteArray(byte[] bytes) { return new SdkBytes(bytes); }
    public String toString() { return java.util.Base64.getEncoder().encodeToString(bytes); }
}
