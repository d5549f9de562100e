package org.corbabridge.adapter.catalog;

import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.InvalidQueryHelper;
import org.corbabridge.shop.QueryResult;
import org.corbabridge.shop.QueryResultHelper;
import org.omg.CORBA.Any;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.Request;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.UNKNOWN;
import org.omg.CORBA.UnknownUserException;

/**
 * Dynamic invocation (DII): a {@code Request} built on the plain object reference for every
 * call, with the return TypeCode and {@code InvalidQuery} in its exception list. The
 * generated stub is never used; the helpers only supply TypeCodes and read Anys.
 */
public final class DynamicCatalogInvoker implements CatalogInvoker {

    private static final String OPERATION = "queryCatalog";

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference) {
        if (!reference._is_a(CatalogHelper.id())) {
            throw new BAD_PARAM("not a " + CatalogHelper.id());
        }
        return reference;
    }

    @Override
    public QueryResult queryCatalog(org.omg.CORBA.Object target, String query) throws InvalidQuery {
        Request request = target._request(OPERATION);
        request.add_in_arg().insert_string(query);
        request.set_return_type(QueryResultHelper.type());
        request.exceptions().add(InvalidQueryHelper.type());
        request.invoke();

        Exception failure = request.env().exception();
        if (failure == null) {
            return QueryResultHelper.extract(request.return_value());
        }
        if (failure instanceof SystemException) {
            throw (SystemException) failure;
        }
        if (failure instanceof UnknownUserException && isInvalidQuery(((UnknownUserException) failure).except)) {
            throw InvalidQueryHelper.extract(((UnknownUserException) failure).except);
        }
        throw new UNKNOWN("unexpected exception from " + OPERATION + ": " + failure, 0,
                CompletionStatus.COMPLETED_MAYBE);
    }

    private static boolean isInvalidQuery(Any exception) {
        try {
            return InvalidQueryHelper.id().equals(exception.type().id());
        } catch (BadKind notAnException) {
            return false;
        }
    }
}
