aws dynamodb query \
    --table-name IoT \
    --key-condition-expression 'PK = :pk AND begins_with(SK, :sk)' \
    --expression-attribute-values '{":pk": {"S": "DEVICE#D-7731"}, ":sk": {"S": "#READING#"}}'
